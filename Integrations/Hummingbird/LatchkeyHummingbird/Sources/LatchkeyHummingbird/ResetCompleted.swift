import Hummingbird
import Latchkey

/// `{"reset": true, "sessions_ended": N, "access_tokens_revoked": N}`.
struct ResetCompleted: ResponseEncodable {
    let reset: Bool
    let result: PasswordResetResult

    enum CodingKeys: String, CodingKey {
        case reset
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(reset, forKey: .reset)
        try result.encode(to: encoder)
    }
}
