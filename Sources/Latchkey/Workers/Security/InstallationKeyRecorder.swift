import Synchronization

/// Keeps one installation key per database, whichever machine uses a key first: the first write
/// transaction after a key file's key is read or made records the key's check value in that same
/// transaction, or finds another key's recorded and fails (rolling the write back). So nothing is
/// ever written under a key the database would refuse, and of two machines that each made a key
/// file, the first to write keeps its key and the other is refused at once. In-memory keys (tests,
/// in-memory databases) are not recorded: they end with their process.
final class InstallationKeyRecorder: Sendable {
    private struct Entry: Sendable {
        let secret: InstallationSecret
        var recorded: Bool
    }

    private let entries = Mutex<[Entry]>([])

    /// Watches `secret`'s key from now on (once per secret, however many Workers share it).
    func watch(_ secret: InstallationSecret) {
        guard secret.keyFilePath != nil else { return }
        entries.withLock { entries in
            if !entries.contains(where: { $0.secret === secret }) {
                entries.append(Entry(secret: secret, recorded: false))
            }
        }
    }

    /// Inside a write transaction, after its body: records (or checks against the database) every
    /// watched key in use and not yet known to be the database's. Answers the keys it checked, to be
    /// marked once the transaction has committed.
    func recordKeysInUse(in db: Database) throws -> [InstallationSecret] {
        let waiting = entries.withLock { entries in entries.filter { !$0.recorded }.map(\.secret) }
        var checked: [InstallationSecret] = []
        for secret in waiting where secret.keyInUse != nil {
            try Self.record(secret, in: db)
            checked.append(secret)
        }
        return checked
    }

    /// Marks keys as the database's, after the transaction that recorded or checked them committed.
    func markRecorded(_ secrets: [InstallationSecret]) {
        guard !secrets.isEmpty else { return }
        entries.withLock { entries in
            for index in entries.indices where secrets.contains(where: { $0 === entries[index].secret }) {
                entries[index].recorded = true
            }
        }
    }

    /// Records `secret`'s check value if the database has none, else requires it to be the same.
    /// On PostgreSQL two first records at once conflict (serialization failure): the write is run
    /// again and then finds the other's.
    static func record(_ secret: InstallationSecret, in db: Database) throws {
        let check = try secret.checkValue()
        var recorded = try recordedCheck(in: db)
        if recorded == nil {
            try db.execute(
                "INSERT INTO installation (id, key_check) VALUES (1, ?) ON CONFLICT (id) DO NOTHING", [check])
            recorded = try recordedCheck(in: db)
        }
        guard recorded == check else {
            throw InstallationSecretError.notThisDatabasesKey(path: secret.keyFilePath ?? "(in memory)")
        }
    }

    /// The check value the database holds, nil before any key was recorded.
    static func recordedCheck(in db: Database) throws -> [UInt8]? {
        try db.queryFirst("SELECT key_check FROM installation WHERE id = 1") { try $0.bytes("key_check") }
    }
}
