import Foundation
import HTTPTypes
import Hummingbird
import Latchkey

/// `POST /v1/register`'s answer: `{"registered": true, "principal": …}`.
struct Registered: ResponseEncodable {
    let registered: Bool
    let principal: Principal
}
