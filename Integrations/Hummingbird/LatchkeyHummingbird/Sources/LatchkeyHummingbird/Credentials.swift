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

/// The session cookie, set at sign-in and cleared at sign-out.
enum SessionCookie {
    static func set(_ token: String, options: LatchkeyHTTPOptions, expires: Date?) -> Cookie {
        Cookie(
            name: options.cookieName, value: token, expires: expires, path: "/", secure: !options.insecureCookie,
            httpOnly: true, sameSite: .lax)
    }

    static func clear(options: LatchkeyHTTPOptions) -> Cookie {
        Cookie(
            name: options.cookieName, value: "", maxAge: 0, path: "/", secure: !options.insecureCookie,
            httpOnly: true, sameSite: .lax)
    }
}

/// The cross-origin rule of Go's `CrossOriginProtection` (and Rails' origin check), for unsafe
/// requests a browser sends with the cookie: `Sec-Fetch-Site` of `same-origin` or `none` passes, any
/// other refuses; without it, an `Origin` must name this host (or the public origin); a request with
/// neither header did not come from a browser page and passes.
enum CrossOriginCheck {
    /// The one answer to a request that fails the check.
    static let refusal = LatchkeyError(code: .forbidden, message: "Cross-origin request refused.")

    static func allows(_ request: Request, publicOrigin: String?) -> Bool {
        if let site = request.headers[HTTPField.Name("Sec-Fetch-Site")!] {
            return site == "same-origin" || site == "none"
        }
        guard let origin = request.headers[.origin] else { return true }
        if let publicOrigin, origin == publicOrigin { return true }
        guard let host = request.head.authority else { return false }
        return origin == "http://\(host)" || origin == "https://\(host)"
    }
}
