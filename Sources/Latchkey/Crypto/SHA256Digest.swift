internal import CSodium

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
