/// One way a sign-in proved who the user is, as an RFC 8176 "Authentication Method Reference" value
/// (the `amr` an OpenID Connect ID token carries). A session keeps the list of its sign-in.
///
/// RFC 8176 lets a provider use values outside its registry; `recoveryCode` is such a value ("rcv"),
/// because none of the registered ones says "a single-use code the user kept from enrolment" (`otp`
/// claims a generated one-time password, `kba` claims knowledge-based questions).
package enum AuthenticationMethod: String, Sendable, Hashable, CaseIterable {
    /// The account's password ("pwd").
    case password = "pwd"
    /// A code from the authenticator app, TOTP ("otp").
    case oneTimePassword = "otp"
    /// A recovery code in place of the authenticator app: the one value here outside RFC 8176's
    /// registry ("rcv").
    case recoveryCode = "rcv"
    /// A passkey's signature: proof of possession of the key its authenticator holds ("hwk").
    /// Latchkey does not check attestation, so the value names what WebAuthn authenticators are,
    /// not a proof about this one.
    case hardwareKey = "hwk"
    /// A synced passkey's signature: its authenticator says the key is backed up, so it leaves the
    /// device and is not hardware-bound ("swk").
    case softwareKey = "swk"
    /// The authenticator's test that a person was there, which every passkey sign-in passes ("user").
    case userPresence = "user"
    /// More than one factor: a password or presence-only passkey with a code, or a passkey that
    /// verified its user (a PIN or biometric the authenticator checked, which it does not say) ("mfa").
    case multipleFactors = "mfa"

    /// A password sign-in.
    static let passwordAlone: [Self] = [.password]

    /// A passkey sign-in: with user verification it is complete on its own (the authenticator
    /// checked something the user knows or is), without it presence only. A backed-up (synced)
    /// passkey is a software key.
    static func passkey(userVerified: Bool, backedUp: Bool) -> [Self] {
        let key: Self = backedUp ? .softwareKey : .hardwareKey
        return userVerified ? [key, .userPresence, .multipleFactors] : [key, .userPresence]
    }

    /// `first`, completed by a second-factor code of `kind`.
    static func completing(_ first: [Self], with kind: SecondFactorVerifier.Outcome) -> [Self] {
        let code: Self = kind == .recoveryCode ? .recoveryCode : .oneTimePassword
        return first.filter { $0 != .multipleFactors } + [code, .multipleFactors]
    }

    /// The column's text: the values separated by single spaces (nil for none).
    static func stored(_ methods: [Self]) -> String? {
        methods.isEmpty ? nil : methods.map(\.rawValue).joined(separator: " ")
    }

    /// The values of a stored column; NULL (a session from before methods were recorded) is none,
    /// and a value this build does not know is left out.
    static func read(_ stored: String?) -> [Self] {
        stored?.split(separator: " ").compactMap { Self(rawValue: String($0)) } ?? []
    }
}
