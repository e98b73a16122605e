import Foundation

/// Recovery codes: 10 of 10 base32 characters (50 random bits each), shown as `abcde-fghij`, kept
/// only as HMACs under a key derived from the installation secret (a database copy alone cannot be
/// searched for them).
enum RecoveryCodes {
    static let count = 10

    /// New codes, as shown once to the user.
    static func make() -> [String] {
        (0..<count).map { _ in
            let text = TOTP.base32(RandomBytes.make(7)).lowercased().prefix(10)
            return String(text.prefix(5)) + "-" + String(text.suffix(5))
        }
    }

    /// The keyed hash of a typed code (case, spaces and dashes ignored), or nil when it cannot be one.
    static func hash(_ typed: String, secret: InstallationSecret) throws -> [UInt8]? {
        let normalized = typed.lowercased().filter { $0 != "-" }
        guard normalized.count == 10, normalized.allSatisfy({ ("a"..."z").contains($0) || ("2"..."7").contains($0) })
        else { return nil }
        return try secret.mac(Array(normalized.utf8), keyID: 2, context: "lkrecovr")
    }
}
