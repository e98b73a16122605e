import Foundation
import HTTPTypes
import Hummingbird
import Latchkey

struct Registered: ResponseEncodable {
    let registered: Bool
    let principal: Principal
}
