/// Operations an embedding tool's administrator runs on accounts, outside any scene.
public struct AccountAdministration: Sendable {
    private let workers: LatchkeyWorkers

    /// Administration over `workers`.
    public init(workers: LatchkeyWorkers) {
        self.workers = workers
    }

    /// Why an administrative operation did nothing.
    public enum Failure: Error, Sendable, Hashable {
        case noSuchUser
    }

    /// Disables the account and ends every one of its sessions at once (ASVS 7.4.2), in one
    /// transaction, so no sign-in can open a session between the two.
    public func disable(username: String) throws {
        let now = workers.time.now()
        let name = try Username(username)
        try workers.database.write { db in
            guard let account = try workers.accounts.credentials(for: name, in: db) else { throw Failure.noSuchUser }
            let id = account.profile.id
            _ = try workers.accounts.disable(userID: id, now: now, in: db)
            _ = try workers.sessions.revokeAll(userID: id, now: now, in: db)
            try workers.audit.record(.accountDisabled, usernameKey: name.value, userID: id, now: now, in: db)
        }
    }
}
