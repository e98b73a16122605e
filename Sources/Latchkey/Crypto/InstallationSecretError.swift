/// Why the key file could not be used. A lost key only resets throttle windows of unknown names.
public enum InstallationSecretError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The key file exists but cannot be read.
    case unreadable(path: String, reason: String)
    /// The key file is not a key Latchkey wrote.
    case malformed(path: String)
    /// Others than its owner may read or change the key file.
    case unsafePermissions(path: String)
    /// The database was used with another key than this key file's (or with a key file this machine lacks).
    case notThisDatabasesKey(path: String)
    /// Two databases that must share one key (a copy's source and target) have different key files.
    case differentKeys(source: String, target: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read or create the key file \(path): \(reason)."
        case .malformed(let path): "the key file \(path) is not 32 bytes: restore it from a backup."
        case .notThisDatabasesKey(let path):
            "the key file \(path) is not the one this database is used with: copy the key file from a "
                + "machine that uses this database (or restore it from the backup) to \(path)."
        case .differentKeys(let source, let target):
            "the key file \(target) differs from the source's \(source): the copy would not open its "
                + "second-factor secrets; move \(target) away or point LATCHKEY_SECRET_KEY_FILE at \(source)."
        case .unsafePermissions(let path):
            "the key file \(path) is open to other users or is not a plain file; run: chmod 600 \(path)"
        }
    }
}
