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

/// Hashes and verifies passwords. A spy or a real hasher can stand in for it.
public protocol PasswordHashing: Sendable {
    /// A PHC string (`$argon2id$v=19$m=…,t=…,p=1$salt$hash`) for `password`.
    func hash(_ password: String) throws -> String
    /// True when `password` matches the PHC string `hash`.
    func verify(_ password: String, against hash: String) -> Bool
    /// True when `hash` was made with weaker parameters than the current ones.
    func needsRehash(_ hash: String) -> Bool
    /// A hash at the current parameters that no password matches, verified for unknown usernames
    /// so they cost the same work as known ones.
    var dummyHash: String { get }
}

/// Argon2id through libsodium's `crypto_pwhash_argon2id_str`.
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
            crypto_pwhash_argon2id_str(
                &output, start, UInt64(count), UInt64(parameters.iterations), parameters.memoryBytes)
        }
        guard code == 0 else { throw PasswordHashingError.outOfMemory }
        return String(decoding: output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public func verify(_ password: String, against hash: String) -> Bool {
        Sodium.ensureInitialized()
        return withWipedBytes(of: password) { start, count in
            crypto_pwhash_argon2id_str_verify(hash, start, UInt64(count)) == 0
        }
    }

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

/// Why a password could not be hashed.
public enum PasswordHashingError: Error, Sendable {
    /// libsodium could not get the memory Argon2id asked for.
    case outOfMemory
}

/// The cost parameters written in an Argon2id PHC string.
struct PHCParameters: Equatable {
    let memoryKiB: Int
    let iterations: Int

    /// Parses `$argon2id$v=19$m=M,t=T,p=P$…`; nil for anything else.
    init?(_ hash: String) {
        let fields = hash.split(separator: "$", omittingEmptySubsequences: false)
        guard fields.count == 6, fields[0].isEmpty, fields[1] == "argon2id", fields[2] == "v=19" else { return nil }
        var values: [Substring: Int] = [:]
        for pair in fields[3].split(separator: ",") {
            let parts = pair.split(separator: "=")
            guard parts.count == 2, let value = Int(parts[1]) else { return nil }
            values[parts[0]] = value
        }
        guard let memory = values["m"], let iterations = values["t"] else { return nil }
        memoryKiB = memory
        self.iterations = iterations
    }
}
