import Foundation
import HTTPTypes
import Hummingbird
import Latchkey

struct SignedIn: ResponseEncodable {
    let signedIn: Bool
    let passwordChangeRequired: Bool
    let principal: Principal?
    let token: String?

    enum CodingKeys: String, CodingKey {
        case signedIn = "signed_in", passwordChangeRequired = "password_change_required", principal, token
    }
}
