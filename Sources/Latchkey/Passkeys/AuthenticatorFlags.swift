/// The flags byte of authenticator data (WebAuthn §6.1).
package struct AuthenticatorFlags: OptionSet, Sendable, Hashable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// UP: the user was present.
    package static let userPresent = Self(rawValue: 0x01)
    /// UV: the user was verified (PIN, biometrics).
    package static let userVerified = Self(rawValue: 0x04)
    /// BE: the credential may be backed up (a multi-device passkey).
    package static let backupEligible = Self(rawValue: 0x08)
    /// BS: the credential is backed up now.
    package static let backedUp = Self(rawValue: 0x10)
    /// AT: attested credential data follows.
    package static let attestedCredentialData = Self(rawValue: 0x40)
    /// ED: extension data follows.
    package static let extensionData = Self(rawValue: 0x80)
}
