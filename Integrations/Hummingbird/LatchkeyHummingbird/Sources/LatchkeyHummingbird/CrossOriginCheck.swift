import Foundation
import HTTPTypes
import Hummingbird
import Latchkey

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
