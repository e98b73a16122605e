internal import CSodium

/// Argon2id cost parameters.
public struct Argon2Parameters: Sendable, Hashable {
    /// Memory per hash, in bytes (libsodium's `memlimit`).
    public let memoryBytes: Int
    /// Passes over memory (libsodium's `opslimit`).
    public let iterations: Int

    /// Makes parameters, clamped up to libsodium's minimums (8 KiB, 1 pass).
    public init(memoryBytes: Int, iterations: Int) {
        self.memoryBytes = max(memoryBytes, Int(crypto_pwhash_argon2id_MEMLIMIT_MIN))
        self.iterations = max(iterations, Int(crypto_pwhash_argon2id_OPSLIMIT_MIN))
    }

    /// OWASP's floor for Argon2id: 19 MiB, 2 passes. The production default.
    public static let policy = Argon2Parameters(memoryBytes: 19 * 1024 * 1024, iterations: 2)

    /// The cheapest parameters libsodium accepts: for tests only, never for real passwords.
    public static let cheapestForTests = Argon2Parameters(memoryBytes: 8 * 1024, iterations: 1)
}
