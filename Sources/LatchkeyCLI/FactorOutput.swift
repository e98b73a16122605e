import Latchkey

/// `mfa … --json`: the service's second-factor result, with the flags the command printed before it
/// (`pending`, `enabled`, or `done` with its message), so scripts reading either keep working.
struct FactorOutput: Encodable {
    let result: SecondFactorResult
    let message: String

    enum CodingKeys: String, CodingKey {
        case pending, enabled, done, message, roles
    }

    func encode(to encoder: any Encoder) throws {
        try result.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch result.status {
        case .pending: try container.encode(true, forKey: .pending)
        case .enabled, .recoveryCodesReplaced: try container.encode(true, forKey: .enabled)
        case .disabled:
            try container.encode(true, forKey: .done)
            try container.encode(message, forKey: .message)
            try container.encodeNil(forKey: .roles)
        }
    }
}
