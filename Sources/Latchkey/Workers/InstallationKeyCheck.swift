/// Keeps a database and its key file together: the first run with a key records the key's check
/// value in the database, and every later run (on any machine) must bring the same key. Run once
/// when the workers are assembled; the key file is never created here.
struct InstallationKeyCheck: Sendable {
    func verify(_ secret: InstallationSecret, in database: DatabaseWorker) throws {
        let recorded = try database.read { db in
            try db.queryFirst("SELECT key_check FROM installation WHERE id = 1") { try $0.bytes("key_check") }
        }
        guard try secret.existingKey() != nil else {
            // No key yet: fine for a database that never had one; else this machine lacks the file.
            if recorded != nil { throw InstallationSecret.Failure.notThisDatabasesKey(path: secret.keyFilePath ?? "") }
            return
        }
        // An HMAC under a key derived for this purpose: it identifies the key without revealing it.
        let check = try secret.mac(Array("latchkey installation key check".utf8), keyID: 9, context: "keycheck")
        if let recorded {
            guard recorded == check else {
                throw InstallationSecret.Failure.notThisDatabasesKey(path: secret.keyFilePath ?? "(in memory)")
            }
            return
        }
        try database.write { db in
            try db.execute(
                "INSERT INTO installation (id, key_check) VALUES (1, ?) ON CONFLICT (id) DO NOTHING", [check])
        }
        // Another machine may have recorded its own key first: then this one is not the database's.
        try verify(secret, in: database)
    }
}

extension LatchkeyWorkers {
    /// Checks that the key file belongs to this database (recording its check value on first use);
    /// an embedding tool calls this once after assembling the workers.
    public func checkInstallationKey() throws(ServiceProblem) {
        do { try InstallationKeyCheck().verify(secret, in: database) } catch { throw .from(error) }
    }
}
