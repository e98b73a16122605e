import Foundation
import HTTPTypes
import Hummingbird
import Latchkey

struct SignedOut: ResponseEncodable {
    let signedOut: Int
    let current: Bool

    enum CodingKeys: String, CodingKey {
        case signedOut = "signed_out", current
    }
}
