internal import CSodium
import Foundation
import Synchronization

/// The installation's 32-byte secret, kept outside the database (a copy of the database alone does
/// not reveal it): a key file created 0600 on first need, or random bytes held in memory for an
/// in-memory database. It keys the HMAC that stands in for names matching no account.
public final class InstallationSecret: Sendable {

    static let keyBytes = 32
    private let path: String?
    private let loaded: Mutex<[UInt8]?>

    /// The key in the file at `path`, created (0600, 32 random bytes) the first time it is needed.
    public init(keyFile path: String) {
        self.path = path
        loaded = Mutex(nil)
    }

    /// A random key that lives as long as this value: for in-memory databases and tests.
    public init() {
        path = nil
        loaded = Mutex(RandomBytes.make(Self.keyBytes))
    }

    /// The key file beside a database file, an in-memory key for an in-memory database, and for a
    /// PostgreSQL database the user's `$XDG_CONFIG_HOME/latchkey/postgresql.key` (every machine
    /// sharing the database needs a copy of the same file).
    public static func beside(_ location: DatabaseLocation) -> InstallationSecret {
        switch location {
        case .inMemory: InstallationSecret()
        case .file(let path): InstallationSecret(keyFile: path + ".key")
        case .postgresql: InstallationSecret(keyFile: serverKeyFile)
        }
    }

    /// The default key file for a server database.
    static var serverKeyFile: String {
        let environment = ProcessInfo.processInfo.environment
        let config =
            environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        return config + "/latchkey/postgresql.key"
    }

    /// What `carry(to:)` did with the key file.
    public enum Carried: String, Sendable, Hashable {
        /// Both sides use the same key (one file, or two equal files).
        case same
        /// The source had no key file yet: nothing was keyed, nothing to carry.
        case none
        /// The key was written to the target's key file.
        case copied
    }

    /// Refuses, before anything is copied, a target whose existing key file differs from this one's.
    public func checkCarry(to target: InstallationSecret) throws(InstallationSecretError) {
        guard let sourcePath = path, let targetPath = target.path, sourcePath != targetPath,
            let key = try KeyFile.load(sourcePath, bytes: Self.keyBytes),
            let existing = try KeyFile.load(targetPath, bytes: Self.keyBytes)
        else { return }
        if existing != key { throw .differentKeys(source: sourcePath, target: targetPath) }
    }

    /// Gives `target` this installation's key (a database copied to another engine keeps working:
    /// its keyed names and sealed second-factor secrets need the same key).
    public func carry(to target: InstallationSecret) throws(InstallationSecretError) -> Carried {
        guard let sourcePath = path, let targetPath = target.path, sourcePath != targetPath else { return .same }
        guard let key = try KeyFile.load(sourcePath, bytes: Self.keyBytes) else { return .none }
        let existed = try KeyFile.load(targetPath, bytes: Self.keyBytes) != nil
        let stored = try KeyFile.loadOrCreate(targetPath, bytes: Self.keyBytes) { key }
        guard stored == key else { throw .differentKeys(source: sourcePath, target: targetPath) }
        return existed ? .same : .copied
    }

    /// The key file's path, nil for an in-memory key.
    public var keyFilePath: String? { path }

    /// `hmac:` and the hex HMAC-SHA-256 of `text` under the key.
    func pseudonym(for text: String) throws -> String {
        "hmac:" + Hex.encode(Self.hmac(Array(text.utf8), key: try key()))
    }

    /// HMAC-SHA-256 of `input` under a key derived for one purpose.
    func mac(_ input: [UInt8], keyID: UInt64, context: String) throws(InstallationSecretError) -> [UInt8] {
        Self.hmac(input, key: try derivedKey(id: keyID, context: context))
    }

    private static func hmac(_ input: [UInt8], key: [UInt8]) -> [UInt8] {
        var mac = [UInt8](repeating: 0, count: Int(crypto_auth_hmacsha256_BYTES))
        var state = crypto_auth_hmacsha256_state()
        crypto_auth_hmacsha256_init(&state, key, key.count)
        crypto_auth_hmacsha256_update(&state, input, UInt64(input.count))
        crypto_auth_hmacsha256_final(&state, &mac)
        return mac
    }

    /// A key for one purpose, derived from the secret (libsodium's KDF), so the HMAC key and the
    /// encryption key are never the same bytes.
    func derivedKey(id: UInt64, context: String) throws(InstallationSecretError) -> [UInt8] {
        let master = try key()
        var subkey = [UInt8](repeating: 0, count: 32)
        var contextBytes = Array(context.utf8.prefix(8).map { CChar(bitPattern: $0) })
        contextBytes += [CChar](repeating: 0, count: 9 - contextBytes.count)
        _ = crypto_kdf_derive_from_key(&subkey, 32, id, contextBytes, master)
        return subkey
    }

    /// The key if this value has read or made it already (no file access), else nil.
    var keyInUse: [UInt8]? { loaded.withLock { $0 } }

    /// The key, read from its file or made there (0600) if there is none yet.
    func loadOrCreateKey() throws(InstallationSecretError) -> [UInt8] { try key() }

    /// A keyed check value that identifies the key without revealing it (an HMAC under a key derived
    /// for this purpose alone), as the database records it.
    func checkValue() throws(InstallationSecretError) -> [UInt8] {
        try mac(Array("latchkey installation key check".utf8), keyID: 9, context: "keycheck")
    }

    /// The key when it exists already (never creating the key file), else nil.
    func existingKey() throws(InstallationSecretError) -> [UInt8]? {
        try loaded.withLock { cached throws(InstallationSecretError) -> [UInt8]? in
            if let cached { return cached }
            guard let path, let key = try KeyFile.load(path, bytes: Self.keyBytes) else { return nil }
            cached = key
            return key
        }
    }

    private func key() throws(InstallationSecretError) -> [UInt8] {
        try loaded.withLock { cached throws(InstallationSecretError) -> [UInt8] in
            if let cached { return cached }
            guard let path else { preconditionFailure("an in-memory secret is made at init") }
            let key = try KeyFile.loadOrCreate(path, bytes: Self.keyBytes)
            cached = key
            return key
        }
    }
}
