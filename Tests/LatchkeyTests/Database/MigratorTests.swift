import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

@Suite struct MigratorTests {
    static let allTables = [
        "access_token_roles", "access_tokens", "auth_events", "imported_passwords", "installation",
        "invitation_roles", "invitations",
        "latchkey_migrations",
        "login_challenges",
        "login_throttle", "oidc_client_uris", "oidc_clients", "oidc_codes", "oidc_refresh_tokens", "oidc_signing_keys",
        "one_time_codes",
        "passkey_used_challenges", "passkey_user_handles", "passkeys",
        "recovery_codes",
        "second_factors",
        "sessions", "user_roles", "users",
    ]

    private func versions(_ worker: DatabaseWorker) throws -> [Int64] {
        try worker.read { db in
            try db.query("SELECT version FROM latchkey_migrations ORDER BY version") { try $0.int64(at: 0) }
        }
    }

    private func tables(_ worker: DatabaseWorker) throws -> [String] {
        try worker.read { db in
            try db.query("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name") { try $0.string(at: 0) }
        }
    }

    @Test func bundledMigrationsApplyToANewDatabase() throws {
        let worker = try DatabaseWorker(.inMemory)
        #expect(try versions(worker) == Migration.sqlite.map { Int64($0.version) })
        #expect(try tables(worker) == Self.allTables)
    }

    @Test func bookkeepingRecordsVersionNameAndChecksumOfEachMigration() throws {
        struct Record: Equatable, Sendable {
            let version: Int
            let name: String
            let checksum: [UInt8]
        }
        let worker = try DatabaseWorker(.inMemory)
        let stored = try worker.read { db in
            try db.query("SELECT version, name, checksum FROM latchkey_migrations ORDER BY version") {
                Record(version: Int(try $0.int64(at: 0)), name: try $0.string(at: 1), checksum: try $0.bytes(at: 2))
            }
        }
        #expect(stored == Migration.sqlite.map { Record(version: $0.version, name: $0.name, checksum: $0.checksum) })
        #expect(stored.allSatisfy { $0.checksum.count == 32 })
    }

    @Test func migrationsAreNotReappliedWhenAFileIsReopened() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("db.sqlite3")
        let first = try DatabaseWorker(.file(path: path))
        // Mark the rows: a re-applied migration would write a fresh time.
        try first.write { db in try db.execute("UPDATE latchkey_migrations SET applied_at = 1") }
        let second = try DatabaseWorker(.file(path: path))
        let after = try second.read { db in
            try db.query("SELECT applied_at FROM latchkey_migrations") { try $0.int64(at: 0) }
        }
        #expect(after == Array(repeating: 1, count: Migration.sqlite.count))
        #expect(try versions(second) == Migration.sqlite.map { Int64($0.version) })
    }

    @Test func pendingMigrationsApplyInOrderOnReopen() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("db.sqlite3")
        _ = try DatabaseWorker(.file(path: path), migrations: Array(Migration.sqlite.prefix(1)))
        let worker = try DatabaseWorker(.file(path: path))
        #expect(try versions(worker) == Migration.sqlite.map { Int64($0.version) })
    }

    @Test func aDatabaseWithAnUnknownNewerMigrationIsRefusedAndLeftUntouched() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("db.sqlite3")
        let newer =
            Migration.sqlite + [
                Migration(version: 9999, name: "from_the_future", sql: "CREATE TABLE future (x INTEGER) STRICT;")
            ]
        do { _ = try DatabaseWorker(.file(path: path), migrations: newer) }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: DatabaseError.unknownMigration(version: 9999, name: "from_the_future")) {
            _ = try DatabaseWorker(.file(path: path))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func aChangedAppliedMigrationIsRefused() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("db.sqlite3")
        _ = try DatabaseWorker(.file(path: path))
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        var altered = Migration.sqlite
        let first = altered[0]
        altered[0] = Migration(version: first.version, name: first.name, sql: first.sql + "\n-- edited later\n")
        #expect(throws: DatabaseError.migrationChanged(version: first.version, name: first.name)) {
            _ = try DatabaseWorker(.file(path: path), migrations: altered)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aFailingMigrationLeavesNoTraceOfItself() throws {
        let broken =
            Migration.sqlite + [
                Migration(
                    version: 50, name: "broken", sql: "CREATE TABLE half (x INTEGER) STRICT; SELECT * FROM nowhere;")
            ]
        let folder = try TemporaryFolder()
        let path = folder.file("db.sqlite3")
        #expect(throws: DatabaseError.self) { _ = try DatabaseWorker(.file(path: path), migrations: broken) }
        let worker = try DatabaseWorker(.file(path: path))
        #expect(try tables(worker) == Self.allTables)
    }

    @Test(arguments: SQLDialect.allCases)
    func everySQLFileOfAnEngineFolderIsCompiledIn(_ dialect: SQLDialect) throws {
        let folder = Self.migrationsFolder.appendingPathComponent(dialect == .sqlite ? "sqlite" : "postgresql")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".sql") }
            .sorted()
        #expect(!files.isEmpty)
        let compiled = dialect.migrations.map { String(format: "%04d_%@.sql", $0.version, $0.name) }
        #expect(compiled == files)
        for (file, migration) in zip(files, dialect.migrations) {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            #expect(text == migration.sql, "\(file) differs from its compiled copy")
        }
    }

    @Test func bothEnginesListTheSameVersionsUnderTheSameNames() {
        #expect(Migration.sqlite.map(\.version) == Migration.postgresql.map(\.version))
        #expect(Migration.sqlite.map(\.name) == Migration.postgresql.map(\.name))
        #expect(Migration.sqlite.count >= 8)
    }

    /// The checksums SQLite databases in use recorded when these migrations were applied (before the
    /// files moved into Migrations/sqlite/): a changed byte would lock every such database out.
    @Test func sqliteMigrationsKeepTheChecksumsExistingDatabasesRecorded() {
        let recorded = [
            "4c99c47e7dc498c12a0e1d792c940228a2cccb38cd35ef4df7253521b6a713d5",
            "aa2bc4f5365a4f05bbb2316cfe6690fce5622e315d3fc67d82e414d5e44a0537",
            "7ee25abf054a3eb6cd623749c184a2f33ae194829a017bc35bff5817a5e5c23e",
            "8728fe8fa1b3bff56b643dbc4b3e115c3bf6adbfa2edd837f518dac4d0ae410d",
            "a6884fd198abb74880e87fd4e473a24248f30d6d0a4c3af8aa49766aceb3c2c9",
            "498eab787618d4b74bce30ece7620b96a746ae83fedaaea2f78efdb77358489a",
            "553d2d81ae940f95124df5beeac736869d9ee61a282ad79c000c1f96b3807e56",
            "1be6192d15eb27494f8313f2400f625f96b367f75cc64d85b73312c2e7d73974",
        ]
        #expect(Migration.sqlite.prefix(recorded.count).map { Hex.encode($0.checksum) } == recorded)
    }

    private static let migrationsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Migrations")

    @Test func tablesAreStrictWithTheIndexesTheirLookupsNeed() throws {
        let worker = try DatabaseWorker(.inMemory)
        let strict = try worker.read { db in
            try db.query("SELECT name FROM pragma_table_list WHERE strict = 1 AND schema = 'main' ORDER BY name") {
                try $0.string(at: 0)
            }
        }
        #expect(strict == Self.allTables)
        let indexes = try worker.read { db in
            try db.query("SELECT name FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL ORDER BY name") {
                try $0.string(at: 0)
            }
        }
        #expect(
            indexes == [
                "access_tokens_token_hash", "access_tokens_user_id", "auth_events_access_token",
                "auth_events_user_time", "invitations_code_hash", "oidc_codes_client_id", "oidc_codes_expires_at",
                "oidc_codes_grant_session_id", "oidc_codes_user_id", "oidc_refresh_tokens_session_id",
                "oidc_signing_keys_kid", "oidc_signing_keys_next",
                "one_time_codes_email_key",
                "one_time_codes_link_hash",
                "one_time_codes_user_kind", "passkey_used_challenges_expiry", "passkeys_credential_id",
                "passkeys_user", "sessions_oidc_client_id", "sessions_token_hash", "sessions_user_id",
                "users_email_key", "users_email_key_any", "users_username",
            ])
    }
}
