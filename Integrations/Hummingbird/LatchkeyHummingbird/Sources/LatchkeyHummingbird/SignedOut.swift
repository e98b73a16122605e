import Foundation
import HTTPTypes
import Hummingbird
import Latchkey

/// The answer of `POST /v1/logout`, `/v1/logout-all` and `DELETE /v1/sessions/{id}`: how many sessions ended, and whether the caller's was one.
struct SignedOut: ResponseEncodable {
    let signedOut: Int
    let current: Bool

    enum CodingKeys: String, CodingKey {
        case signedOut = "signed_out", current
    }
}
