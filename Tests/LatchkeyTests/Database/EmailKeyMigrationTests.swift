import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// The migration that folds the email keys of existing accounts, on both engines.
@Suite(.onEveryEngine, .tags(.postgres)) struct EmailKeyMigrationTests {
    /// Accounts as the lower-casing key left them, including two verified spellings of one address.
    private static let accounts: [(name: String, email: String, verified: Bool)] = [
        ("first", "strasse@example.com", true), ("second", "Straße@example.com", true),
        ("ligature", "\u{FB01}le@example.com", false), ("plain", "FILE@example.com", true),
        ("decomposed", "jose\u{301}@Bücher.example", false),
    ]

    @Test("existing keys are folded, and two verified spellings of one address are kept apart and reported")
    func existingKeysAreFoldedAndCollisionsReported() throws {
        let folder = try TemporaryFolder()
        let onSQLite = TestEngine.current == .sqlite
        let location = onSQLite ? .file(path: folder.file("keys.sqlite3")) : try TestEngine.current.freshDatabase()
        let migrations = onSQLite ? Migration.sqlite : Migration.postgresql
        let before = try DatabaseWorker(location, migrations: migrations.filter { $0.version <= 18 })
        try before.write { db in
            for (index, account) in Self.accounts.enumerated() {
                try db.execute(
                    """
                    INSERT INTO users (username, email, email_key, email_verified_at, password_hash, created_at, updated_at)
                    VALUES (?, ?, ?, ?, '$argon2id$x', ?, ?)
                    """,
                    [
                        account.name, account.email, account.email.lowercased(), (account.verified ? 1 : nil) as Int?,
                        index + 1, index + 1,
                    ])
            }
        }
        let after = try DatabaseWorker(location)
        let keys = try after.read { db in
            try db.query("SELECT username, email, email_key FROM users") {
                (try $0.string("username"), (try $0.string("email"), try $0.string("email_key")))
            }
        }
        let byName = Dictionary(uniqueKeysWithValues: keys)
        #expect(byName["first"]?.1 == "strasse@example.com")
        // The second verified spelling keeps its old key, as typed addresses stay as typed.
        #expect(byName["second"]?.1 == "straße@example.com" && byName["second"]?.0 == "Straße@example.com")
        #expect(byName["ligature"]?.1 == "file@example.com" && byName["plain"]?.1 == "file@example.com")
        #expect(byName["decomposed"]?.1 == "jos\u{E9}@xn--bcher-kva.example")
        let reported = try after.read { db in
            try db.query(
                "SELECT users.username AS name, detail FROM auth_events JOIN users ON users.id = auth_events.user_id WHERE kind = 'email_key_kept'"
            ) { (try $0.string("name"), try $0.optionalString("detail")) }
        }
        #expect(reported.count == 1 && reported.first?.0 == "second", "\(reported)")
        #expect(reported.first?.1?.contains("first") == true, "\(reported)")
    }
}
