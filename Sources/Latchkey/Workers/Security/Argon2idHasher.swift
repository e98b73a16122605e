internal import CSodium
internal import CSodiumMemory

/// Argon2id through libsodium's `crypto_pwhash_argon2id_str`, in memory each hashing thread keeps
/// for its next hash (mapping and zeroing 19 MiB afresh cost as much as the hash itself).
public struct Argon2idHasher: PasswordHashing {
    /// The parameters new hashes use.
    public let parameters: Argon2Parameters
    public let dummyHash: String

    /// A hasher at `parameters` (the policy by default).
    public init(parameters: Argon2Parameters = .policy) {
        self.parameters = parameters
        // A well-formed PHC string with random salt and digest: verifying against it runs the full
        // Argon2id computation at the current parameters, yet costs nothing to make.
        dummyHash =
            "$argon2id$v=19$m=\(parameters.memoryBytes / 1024),t=\(parameters.iterations),p=1$"
            + Base64.standard(RandomBytes.make(16)) + "$" + Base64.standard(RandomBytes.make(32))
    }

    public func hash(_ password: String) throws -> String {
        Sodium.ensureInitialized()
        var output = [CChar](repeating: 0, count: Int(crypto_pwhash_argon2id_STRBYTES))
        let code = withWipedBytes(of: password) { start, count in
            latchkey_argon2id_str(
                &output, start, UInt64(count), UInt64(parameters.iterations), parameters.memoryBytes)
        }
        guard code == 0 else { throw PasswordHashingError.outOfMemory }
        return String(decoding: output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public func verify(_ password: String, against hash: String) -> Bool {
        Sodium.ensureInitialized()
        return withWipedBytes(of: password) { start, count in
            latchkey_argon2id_str_verify(hash, start, UInt64(count)) == 0
        }
    }

    /// Whether hashes reuse their thread's memory in this process (`false` when the environment's
    /// `LATCHKEY_HASH_MEMORY` is `per-hash`, libsodium's own allocation, used for comparisons).
    public static var reusesMemory: Bool { latchkey_argon2id_reuses_memory() == 1 }

    public func needsRehash(_ hash: String) -> Bool {
        guard let stored = PHCParameters(hash) else { return true }
        return stored.memoryKiB * 1024 < parameters.memoryBytes || stored.iterations < parameters.iterations
    }

    /// Copies the password into a buffer this code owns and wipes it once `body` is done.
    /// The buffer ends with a NUL that `body` does not count, so even an empty password has an address.
    private func withWipedBytes<R>(of password: String, _ body: (_ start: UnsafePointer<CChar>, _ count: Int) -> R) -> R
    {
        var bytes = password.utf8.map { CChar(bitPattern: $0) } + [0]
        defer { sodium_memzero(&bytes, bytes.count) }
        return bytes.withUnsafeBufferPointer { body($0.baseAddress!, $0.count - 1) }
    }
}
