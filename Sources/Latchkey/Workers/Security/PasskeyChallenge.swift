internal import CSodium
import Foundation

/// A WebAuthn ceremony's challenge, sealed under the installation key instead of stored: issuing
/// one writes no row (asking for sign-in options costs nothing to keep), and the seal binds it to
/// its ceremony, its account (none for a passwordless sign-in) and its expiry. The ceremony that
/// uses it records it in `UsedChallengeStore`, so it is accepted once.
///
/// Layout: version (1) ‖ ceremony (1) ‖ expiry, seconds, big-endian (8) ‖ account id or 0 (8) ‖
/// 16 random bytes ‖ the first 16 bytes of HMAC-SHA-256 over all of that, under a key derived for
/// this purpose alone. 50 bytes, 67 in base64url.
struct PasskeyChallenge: Sendable, Hashable {
    enum Ceremony: UInt8, Sendable {
        case registration = 1
        case authentication = 2
    }

    let bytes: [UInt8]
    let ceremony: Ceremony
    let expiresAt: Date
    /// The account the ceremony is for; nil for a passwordless sign-in.
    let userID: Int64?

    private static let version: UInt8 = 1
    private static let sealedCount = 34
    private static let macCount = 16
    static let byteCount = sealedCount + macCount

    /// A new challenge for `ceremony`, valid until `expiresAt`.
    static func issue(
        _ ceremony: Ceremony, userID: Int64?, expiresAt: Date, secret: InstallationSecret
    ) throws(InstallationSecretError) -> PasskeyChallenge {
        var sealed: [UInt8] = [version, ceremony.rawValue]
        sealed += bigEndian(UInt64(clamping: max(0, Int64(expiresAt.timeIntervalSince1970.rounded(.up)))))
        sealed += bigEndian(UInt64(bitPattern: userID ?? 0))
        sealed += RandomBytes.make(16)
        let mac = try secret.mac(sealed, keyID: 4, context: "lkpassch").prefix(macCount)
        return PasskeyChallenge(
            bytes: sealed + mac, ceremony: ceremony,
            expiresAt: Date(timeIntervalSince1970: TimeInterval(readBigEndian(sealed, at: 2))), userID: userID)
    }

    /// The challenge `bytes` are, if this installation sealed them and they have not expired at
    /// `now`; nil for anything else (forged, altered, expired, or not a challenge at all).
    static func open(_ bytes: [UInt8], secret: InstallationSecret, now: Date) throws(InstallationSecretError)
        -> PasskeyChallenge?
    {
        guard bytes.count == byteCount, bytes[0] == version else { return nil }
        let sealed = Array(bytes.prefix(sealedCount))
        let expected = Array(try secret.mac(sealed, keyID: 4, context: "lkpassch").prefix(macCount))
        let given = Array(bytes.suffix(macCount))
        guard sodium_memcmp(expected, given, macCount) == 0, let ceremony = Ceremony(rawValue: bytes[1]) else {
            return nil
        }
        let expiresAt = Date(timeIntervalSince1970: TimeInterval(readBigEndian(bytes, at: 2)))
        guard now < expiresAt else { return nil }
        let user = Int64(bitPattern: readBigEndian(bytes, at: 10))
        return PasskeyChallenge(bytes: bytes, ceremony: ceremony, expiresAt: expiresAt, userID: user == 0 ? nil : user)
    }

    /// The challenge in a ceremony response's client data (base64url JSON), if this installation
    /// sealed it for `ceremony` and it has not expired at `now`. Its single use is for the caller's
    /// write to record.
    static func inClientData(
        _ clientDataJSON: String, for ceremony: Ceremony, secret: InstallationSecret, now: Date
    ) throws(PasskeyError) -> PasskeyChallenge {
        guard let json = Base64.decodeURLSafe(clientDataJSON) else {
            throw .malformed("clientDataJSON is not base64url")
        }
        let data = try CollectedClientData(json: json)
        guard let challenge = try? open(data.challenge, secret: secret, now: now), challenge.ceremony == ceremony
        else { throw .challengeMismatch }
        return challenge
    }

    private static func bigEndian(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * UInt64($0))) }
    }

    private static func readBigEndian(_ bytes: [UInt8], at offset: Int) -> UInt64 {
        bytes[offset..<offset + 8].reduce(0) { $0 << 8 | UInt64($1) }
    }
}
