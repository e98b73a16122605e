import Foundation
import HTTPTypes
import Hummingbird
import Latchkey

/// `POST /v1/login`'s answer: the principal, whether a new password is required first, and the
/// token unless a cookie carries it.
struct SignedIn: ResponseEncodable {
    let signedIn: Bool
    let passwordChangeRequired: Bool
    let principal: Principal?
    let token: String?

    enum CodingKeys: String, CodingKey {
        case signedIn = "signed_in", passwordChangeRequired = "password_change_required", principal, token
    }
}
