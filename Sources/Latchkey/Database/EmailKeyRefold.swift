import Foundation

/// Migration 19's Swift half: recomputes every stored email key with `EmailKey`, which SQL cannot.
/// Two verified accounts whose addresses now fold to one key cannot both have it: the one that
/// already held it (else the older account) does, the other keeps its old key, and the operator is
/// told through an `email_key_kept` event on it, naming the other account. Nothing fails.
enum EmailKeyRefold {
    private struct Account {
        let id: Int64
        let username: String
        let oldKey: String?
        let verified: Bool
        var key: String?
    }

    static func run(in db: Database, now: Date) throws {
        var accounts = try db.query(
            "SELECT id, username, email, email_key, email_verified_at FROM users WHERE email IS NOT NULL ORDER BY id"
        ) { row in
            Account(
                id: try row.int64("id"), username: try row.string("username"),
                oldKey: try row.optionalString("email_key"), verified: !(try row.isNull("email_verified_at")),
                key: EmailKey.of(try row.string("email")))
        }
        var kept: [Int: String] = [:]
        // Each pass gives one account of every clash its old key back; old keys were unique, so this ends.
        while true {
            let clashes = Dictionary(grouping: accounts.indices.filter { accounts[$0].verified }) {
                accounts[$0].key
            }
            .filter { $0.key != nil && $0.value.count > 1 }.values
            guard !clashes.isEmpty else { break }
            for members in clashes {
                let holder = members.first { accounts[$0].key == accounts[$0].oldKey } ?? members[0]
                for index in members where index != holder {
                    accounts[index].key = accounts[index].oldKey
                    kept[index] = accounts[holder].username
                }
            }
        }
        let changed = accounts.filter { $0.key != $0.oldKey }
        // Cleared first, so no account takes a key another still holds until its own turn.
        for account in changed {
            try db.execute("UPDATE users SET email_key = NULL WHERE id = ?", [account.id])
        }
        for account in changed {
            try db.execute("UPDATE users SET email_key = ? WHERE id = ?", [account.key, account.id])
        }
        // Written in the schema of this migration's version: later migrations add columns that
        // `AuditLog` fills, which do not exist yet while this one runs.
        for (index, other) in kept.sorted(by: { $0.key < $1.key }) {
            try db.execute(
                "INSERT INTO auth_events (occurred_at, kind, username_key, user_id, detail) VALUES (?, ?, ?, ?, ?)",
                [
                    now.databaseSeconds, AuthEvent.Kind.emailKeyKept.rawValue, accounts[index].username,
                    accounts[index].id, "the same verified address as \(other) once folded",
                ])
        }
        let codes = try db.query("SELECT id, email FROM one_time_codes WHERE email IS NOT NULL") {
            (try $0.int64("id"), EmailKey.of(try $0.string("email")))
        }
        for (id, key) in codes {
            try db.execute("UPDATE one_time_codes SET email_key = ? WHERE id = ?", [key, id])
        }
    }
}
