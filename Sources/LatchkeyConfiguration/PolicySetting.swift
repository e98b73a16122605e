import Latchkey

/// One `SecurityPolicy` number a configuration may set: its key under `policy.` (the property's own
/// name), its bounds, and how it is applied. A value outside the bounds is refused, not moved.
struct PolicySetting: Sendable {
    enum Value: Sendable {
        case count(Int)
        case duration(Duration)
        /// A duration, or none (`never`).
        case optionalDuration(Duration?)
        case text(String)
    }

    enum Kind: Sendable {
        case count(ClosedRange<Int>)
        case duration(ClosedRange<Duration>)
        case optionalDuration(ClosedRange<Duration>)
        case text(maximumLength: Int)
    }

    let name: String
    let kind: Kind
    let read: @Sendable (SecurityPolicy) -> Value
    let apply: @Sendable (inout SecurityPolicy, Value) -> Void

    /// The key a file and the environment use.
    var key: String { "policy." + name }

    private static func count(
        _ name: String, _ path: any WritableKeyPath<SecurityPolicy, Int> & Sendable,
        _ bounds: KeyPath<SecurityPolicy, ClosedRange<Int>>
    ) -> PolicySetting {
        PolicySetting(
            name: name, kind: .count(SecurityPolicy()[keyPath: bounds]), read: { .count($0[keyPath: path]) },
            apply: { policy, value in if case .count(let number) = value { policy[keyPath: path] = number } })
    }

    private static func duration(
        _ name: String, _ path: any WritableKeyPath<SecurityPolicy, Duration> & Sendable,
        _ bounds: KeyPath<SecurityPolicy, ClosedRange<Duration>>
    ) -> PolicySetting {
        PolicySetting(
            name: name, kind: .duration(SecurityPolicy()[keyPath: bounds]), read: { .duration($0[keyPath: path]) },
            apply: { policy, value in if case .duration(let time) = value { policy[keyPath: path] = time } })
    }

    /// Every setting, in the order `SecurityPolicy` declares them.
    static let all: [PolicySetting] = [
        count("minimumPasswordLength", \.minimumPasswordLength, \.$minimumPasswordLength),
        count("maximumPasswordLength", \.maximumPasswordLength, \.$maximumPasswordLength),
        duration("sessionLifetime", \.sessionLifetime, \.$sessionLifetime),
        duration("sessionIdleTimeout", \.sessionIdleTimeout, \.$sessionIdleTimeout),
        duration("lastUsedGranularity", \.lastUsedGranularity, \.$lastUsedGranularity),
        count("maximumFailedLogins", \.maximumFailedLogins, \.$maximumFailedLogins),
        duration("failureWindow", \.failureWindow, \.$failureWindow),
        duration("lockoutDuration", \.lockoutDuration, \.$lockoutDuration),
        count("maximumFailedLoginsPerName", \.maximumFailedLoginsPerName, \.$maximumFailedLoginsPerName),
        count("maximumFailedLoginsPerAddress", \.maximumFailedLoginsPerAddress, \.$maximumFailedLoginsPerAddress),
        count("maximumRegistrationsPerAddress", \.maximumRegistrationsPerAddress, \.$maximumRegistrationsPerAddress),
        duration("addressFailureWindow", \.addressFailureWindow, \.$addressFailureWindow),
        duration("busyTimeout", \.busyTimeout, \.$busyTimeout),
        count("historyLimit", \.historyLimit, \.$historyLimit),
        duration("accessTokenLifetime", \.accessTokenLifetime, \.$accessTokenLifetime),
        PolicySetting(
            name: "maximumAccessTokenLifetime", kind: .optionalDuration(.seconds(60)...SecurityPolicy.longest),
            read: { .optionalDuration($0.maximumAccessTokenLifetime) },
            apply: { policy, value in
                if case .optionalDuration(let time) = value { policy.maximumAccessTokenLifetime = time }
            }),
        duration("invitationLifetime", \.invitationLifetime, \.$invitationLifetime),
        duration("maximumInvitationLifetime", \.maximumInvitationLifetime, \.$maximumInvitationLifetime),
        duration("oneTimeCodeLifetime", \.oneTimeCodeLifetime, \.$oneTimeCodeLifetime),
        duration("resetRequestFloor", \.resetRequestFloor, \.$resetRequestFloor),
        duration("codeRequestCooldown", \.codeRequestCooldown, \.$codeRequestCooldown),
        count("maximumCodeRequestsPerAddress", \.maximumCodeRequestsPerAddress, \.$maximumCodeRequestsPerAddress),
        duration("codeRequestWindow", \.codeRequestWindow, \.$codeRequestWindow),
        count("maximumPasskeys", \.maximumPasskeys, \.$maximumPasskeys),
        duration("passkeyChallengeLifetime", \.passkeyChallengeLifetime, \.$passkeyChallengeLifetime),
        duration("passkeyEnrolmentWindow", \.passkeyEnrolmentWindow, \.$passkeyEnrolmentWindow),
        PolicySetting(
            name: "passwordHashing.memoryKibibytes", kind: .count(8...4_194_304),
            read: { .count($0.passwordHashing.memoryBytes / 1024) },
            apply: { policy, value in
                if case .count(let kib) = value {
                    policy.passwordHashing = Argon2Parameters(
                        memoryBytes: kib * 1024, iterations: policy.passwordHashing.iterations)
                }
            }),
        PolicySetting(
            name: "passwordHashing.iterations", kind: .count(1...100),
            read: { .count($0.passwordHashing.iterations) },
            apply: { policy, value in
                if case .count(let passes) = value {
                    policy.passwordHashing = Argon2Parameters(
                        memoryBytes: policy.passwordHashing.memoryBytes, iterations: passes)
                }
            }),
        PolicySetting(
            name: "totpIssuer", kind: .text(maximumLength: 64), read: { .text($0.totpIssuer) },
            apply: { policy, value in if case .text(let issuer) = value { policy.totpIssuer = issuer } }),
    ]
}
