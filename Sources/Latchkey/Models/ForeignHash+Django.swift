internal import CSodium

/// Django's password encodings (`django.contrib.auth.hashers`), as its `auth_user.password` holds
/// them: `pbkdf2_sha256$iterations$salt$digest` (its default) and `pbkdf2_sha1$…` through OpenSSL's
/// PBKDF2, `bcrypt_sha256$<bcrypt>` (bcrypt of the password's SHA-256 in hex) through libxcrypt,
/// `scrypt$N$salt$r$p$digest` through libsodium. `argon2$…` and `bcrypt$…` wrap the plain strings.
extension ForeignHash {
    /// The plain Argon2 or bcrypt string inside Django's `argon2$` or `bcrypt$` hash; any other text
    /// as it is.
    static func unwrappingDjango(_ text: String) -> String {
        if text.hasPrefix("argon2$argon2") { return String(text.dropFirst("argon2".count)) }
        if text.hasPrefix("bcrypt$$2") { return String(text.dropFirst("bcrypt$".count)) }
        return text
    }

    /// Costs a sign-in can pay, each at most about a bcrypt at cost 13: PBKDF2 at most 1,500,000
    /// iterations (Django 5.2 writes 1,000,000, 6.0 1,200,000), scrypt at most 64 MiB (128 · N · r
    /// bytes) and 128 MiB of work over its lanes (Django writes N = 2^14, r = 8, p = 5: 16 MiB, 80 MiB).
    static func djangoWellFormed(_ text: String, _ scheme: Scheme) -> Bool {
        let fields = text.split(separator: "$", omittingEmptySubsequences: false)
        let salt = { (field: Substring) in
            (1...128).contains(field.utf8.count) && field.utf8.allSatisfy { (0x21..<0x7F).contains($0) }
        }
        switch scheme {
        case .pbkdf2SHA256, .pbkdf2SHA1:
            let length = scheme == .pbkdf2SHA256 ? LibCrypto.Digest.sha256.length : LibCrypto.Digest.sha1.length
            guard LibCrypto.available, fields.count == 4, let iterations = Int(fields[1]),
                (1...1_500_000).contains(iterations), salt(fields[2])
            else { return false }
            return Base64.decodePadded(fields[3])?.count == length
        case .bcryptSHA256:
            return wellFormed(String(text.dropFirst("bcrypt_sha256$".count)), .bcrypt)
        case .scrypt:
            guard fields.count == 6, let n = Int(fields[1]), n > 1, n & (n - 1) == 0, salt(fields[2]),
                let r = Int(fields[3]), (1...32).contains(r), let p = Int(fields[4]), (1...16).contains(p),
                n <= (64 << 20) / (128 * r), n <= (128 << 20) / (128 * r * p)
            else { return false }
            return Base64.decodePadded(fields[5])?.count == 64
        default: return false
        }
    }

    /// True when `password` matches this Django hash.
    func verifyDjango(_ password: String) -> Bool {
        let fields = text.split(separator: "$", omittingEmptySubsequences: false)
        let password = Array(password.utf8)
        switch scheme {
        case .pbkdf2SHA256, .pbkdf2SHA1:
            guard fields.count == 4, let iterations = Int(fields[1]), let expected = Base64.decodePadded(fields[3]),
                let computed = LibCrypto.pbkdf2(
                    password, salt: Array(fields[2].utf8), iterations: iterations,
                    digest: scheme == .pbkdf2SHA256 ? .sha256 : .sha1)
            else { return false }
            return Self.constantTimeEqual(computed, expected)
        case .bcryptSHA256:
            // Django hashes the password first (bcrypt reads 72 bytes at most), as lowercase hex.
            let hex = Hex.encode(SHA256Digest.hash(password))
            let bcrypt = String(text.dropFirst("bcrypt_sha256$".count))
            guard let computed = Self.crypt(hex, setting: bcrypt) else { return false }
            return Self.constantTimeEqual(Array(computed.utf8), Array(bcrypt.utf8))
        case .scrypt:
            guard fields.count == 6, let n = UInt64(fields[1]), let r = UInt32(fields[3]), let p = UInt32(fields[4]),
                let expected = Base64.decodePadded(fields[5])
            else { return false }
            Sodium.ensureInitialized()
            let salt = Array(fields[2].utf8)
            var computed = [UInt8](repeating: 0, count: expected.count)
            let status = crypto_pwhash_scryptsalsa208sha256_ll(
                password, password.count, salt, salt.count, n, r, p, &computed, computed.count)
            return status == 0 && Self.constantTimeEqual(computed, expected)
        default: return false
        }
    }

    /// Equal lengths and bytes, compared in constant time.
    static func constantTimeEqual(_ first: [UInt8], _ second: [UInt8]) -> Bool {
        first.count == second.count && sodium_memcmp(first, second, first.count) == 0
    }
}
