import Foundation
import HTTPTypes
import Hummingbird
import Latchkey

/// `POST /v1/password`'s answer: `{"changed": true, …}` with the change's counts.
struct PasswordChanged: ResponseEncodable {
    let changed: Bool
    let result: PasswordChangeResult

    enum CodingKeys: String, CodingKey {
        case changed
    }

    /// `changed` beside the result's counts, in one flat object.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(changed, forKey: .changed)
        try result.encode(to: encoder)
    }
}
