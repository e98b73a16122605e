/// Keeps a database and its key file together: a key is recorded in the database when first used
/// (see `InstallationKeyRecorder`) or by `initialize`, and every later run (on any machine) must
/// bring the same key. `verify` runs once when the workers are assembled and never creates the key
/// file.
struct InstallationKeyCheck: Sendable {
    func verify(_ secret: InstallationSecret, in database: DatabaseWorker) throws {
        let recorded = try database.read { db in try InstallationKeyRecorder.recordedCheck(in: db) }
        guard try secret.existingKey() != nil else {
            // No key yet: fine for a database that never had one; else this machine lacks the file.
            if recorded != nil { throw InstallationSecretError.notThisDatabasesKey(path: secret.keyFilePath ?? "") }
            return
        }
        if let recorded {
            guard recorded == (try secret.checkValue()) else {
                throw InstallationSecretError.notThisDatabasesKey(path: secret.keyFilePath ?? "(in memory)")
            }
        } else {
            // Another machine may record its own key first: then this one is refused here.
            try database.write { db in try InstallationKeyRecorder.record(secret, in: db) }
        }
        database.installationKeys.markRecorded([secret])
    }

    /// Makes the key file if there is none and records its key in the database; run again with the
    /// same key it changes nothing. A database that has another key's record is refused, and so is
    /// a machine without the key file of a database that has one (no second key is made for it).
    func initialize(_ secret: InstallationSecret, in database: DatabaseWorker) throws -> InstallationKeyInitialization {
        let recorded = try database.read { db in try InstallationKeyRecorder.recordedCheck(in: db) }
        let existed = try secret.existingKey() != nil
        if recorded != nil && !existed {
            throw InstallationSecretError.notThisDatabasesKey(path: secret.keyFilePath ?? "(in memory)")
        }
        _ = try secret.loadOrCreateKey()
        let newlyRecorded = try database.write { db in
            let had = try InstallationKeyRecorder.recordedCheck(in: db) != nil
            try InstallationKeyRecorder.record(secret, in: db)
            return !had
        }
        database.installationKeys.markRecorded([secret])
        return InstallationKeyInitialization(
            keyFile: secret.keyFilePath, createdKeyFile: !existed, recorded: newlyRecorded)
    }
}

extension LatchkeyWorkers {
    /// Checks that the key file belongs to this database (recording its check value when the
    /// database has none); an embedding tool calls this once after assembling the workers.
    public func checkInstallationKey() throws(LatchkeyError) {
        do { try InstallationKeyCheck().verify(secret, in: database) } catch { throw .unavailable(.from(error)) }
    }

    /// Makes the key file if needed and records its key in the database at once (`latchkey key
    /// init`), so that no other machine can make another; the same key again changes nothing.
    package func initializeInstallationKey() throws(ServiceProblem) -> InstallationKeyInitialization {
        do { return try InstallationKeyCheck().initialize(secret, in: database) } catch { throw .from(error) }
    }
}
