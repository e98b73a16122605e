import Foundation
import HTTPTypes
import Hummingbird
import Latchkey

/// `POST /v1/logout`'s answer: how many sessions ended, and whether the caller's was one.
struct SignedOut: ResponseEncodable {
    let signedOut: Int
    let current: Bool

    enum CodingKeys: String, CodingKey {
        case signedOut = "signed_out", current
    }
}
