import Crypto

/// A public key no credential has, checked against when a sign-in names an unknown credential, so
/// that the refusal costs the signature check a known credential's would.
enum StandInPasskey {
    /// A fresh P-256 key as a COSE_Key (EC2, ES256): `{1: 2, 3: -7, -1: 1, -2: x, -3: y}`.
    static let publicKey: [UInt8] = {
        let raw = Array(P256.Signing.PrivateKey().publicKey.rawRepresentation)
        return [0xA5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20] + raw.prefix(32) + [0x22, 0x58, 0x20]
            + raw.suffix(32)
    }()
}
