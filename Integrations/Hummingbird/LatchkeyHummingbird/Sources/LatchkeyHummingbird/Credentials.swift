import Foundation
import HTTPTypes
import Hummingbird
import Latchkey

/// Where a request's session token came from: the `Authorization: Bearer` header (scripts, other
/// servers) or the session cookie (a browser). Only the cookie needs the cross-origin check, since
/// a browser attaches it to requests other sites make.
struct Credentials {
    let token: String
    let viaCookie: Bool

    /// The credentials of a request that needs a session: `not_signed_in` without any, and an unsafe
    /// request carrying only the cookie must pass the cross-origin check (`forbidden` otherwise).
    static func required(_ request: Request, unsafe: Bool, options: LatchkeyHTTPOptions) throws(LatchkeyError)
        -> Credentials
    {
        guard let credentials = of(request, cookieName: options.cookieName) else {
            throw LatchkeyError(code: .notSignedIn, message: "Not signed in.")
        }
        if unsafe && credentials.viaCookie && !CrossOriginCheck.allows(request, publicOrigin: options.publicOrigin) {
            throw CrossOriginCheck.refusal
        }
        return credentials
    }

    /// The request's token, the bearer header first; nil when it has none.
    static func of(_ request: Request, cookieName: String) -> Credentials? {
        if let header = request.headers[.authorization] {
            let parts = header.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
            return Credentials(token: String(parts[1]), viaCookie: false)
        }
        if let cookie = request.cookies[cookieName] {
            return Credentials(token: cookie.value, viaCookie: true)
        }
        return nil
    }
}
