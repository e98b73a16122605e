internal import CSodium

/// libsodium must be initialized once before use; a global `let` runs this exactly once, thread-safely.
private let sodiumStatus: Int32 = sodium_init()

enum Sodium {
    /// Makes sure libsodium is initialized (its RNG opened, its CPU features picked).
    static func ensureInitialized() {
        precondition(sodiumStatus >= 0, "libsodium failed to initialize")
    }
}

/// SHA-256, from libsodium. Internal, so its name cannot clash with swift-crypto's `SHA256`.
enum SHA256Digest {
    /// The 32-byte SHA-256 digest of `bytes`.
    static func hash(_ bytes: [UInt8]) -> [UInt8] {
        Sodium.ensureInitialized()
        var digest = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        _ = digest.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in
                crypto_hash_sha256(out.baseAddress!, input.baseAddress, UInt64(input.count))
            }
        }
        return digest
    }
}
