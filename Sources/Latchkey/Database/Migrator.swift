import Foundation

/// Brings a database to the schema of this build, or refuses it without writing a byte.
package enum Migrator {
    /// The table recording the migrations applied: the migrator's, not part of the schema it makes.
    package static let bookkeepingTable = "latchkey_migrations"

    struct Applied {
        let version: Int
        let name: String
        let checksum: [UInt8]
    }

    /// Refuses an unknown or altered applied migration; only reads, so a refused file stays untouched.
    static func validate(_ worker: DatabaseWorker, against migrations: [Migration], location: DatabaseLocation)
        throws -> Set<Int>
    {
        let (applied, foreign) = try worker.read { db in
            let applied = try appliedMigrations(db)
            return (applied, try applied.isEmpty && hasTables(db))
        }
        // Another program's tables: refused before anything is written (not even WAL mode).
        if foreign { throw DatabaseError.foreignDatabase(path: location.description) }
        let known = Dictionary(uniqueKeysWithValues: migrations.map { ($0.version, $0) })
        for row in applied {
            guard let migration = known[row.version] else {
                throw DatabaseError.unknownMigration(version: row.version, name: row.name)
            }
            guard migration.checksum == row.checksum else {
                throw DatabaseError.migrationChanged(version: row.version, name: row.name)
            }
        }
        return Set(applied.map(\.version))
    }

    /// Applies each pending migration in its own transaction, together with its bookkeeping row.
    static func apply(_ worker: DatabaseWorker, _ migrations: [Migration], skipping applied: Set<Int>, now: Int64)
        throws
    {
        for migration in migrations.sorted(by: { $0.version < $1.version }) where !applied.contains(migration.version) {
            try worker.migrationWrite { db in
                if try !hasBookkeeping(db) { try db.connection.executeScript(db.dialect.bookkeeping) }
                // Another process may have applied it since we looked.
                let done = try db.queryFirst("SELECT 1 FROM latchkey_migrations WHERE version = ?", [migration.version])
                { _ in true }
                guard done == nil else { return }
                try db.connection.executeScript(migration.sql)
                try swiftStep(after: migration, in: db, now: now)
                try db.execute(
                    "INSERT INTO latchkey_migrations (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)",
                    [migration.version, migration.name, migration.checksum, now])
            }
        }
    }

    /// What a migration's SQL cannot do (keys only Swift computes), in the same transaction.
    private static func swiftStep(after migration: Migration, in db: Database, now: Int64) throws {
        switch (migration.version, migration.name) {
        case (19, "email_key_fold"): try EmailKeyRefold.run(in: db, now: Date(timeIntervalSince1970: TimeInterval(now)))
        default: break
        }
    }

    private static func hasBookkeeping(_ db: Database) throws -> Bool {
        try tables(db).contains(bookkeepingTable)
    }

    private static func hasTables(_ db: Database) throws -> Bool {
        try !tables(db).isEmpty
    }

    /// The names of the database's tables (of its current schema, on PostgreSQL).
    package static func tables(_ db: Database) throws -> Set<String> {
        Set(try db.query(db.dialect.tables) { try $0.string("name") })
    }

    static func appliedMigrations(_ db: Database) throws -> [Applied] {
        guard try hasBookkeeping(db) else { return [] }
        return try db.query("SELECT version, name, checksum FROM latchkey_migrations ORDER BY version") { row in
            Applied(
                version: Int(try row.int64("version")), name: try row.string("name"),
                checksum: try row.bytes("checksum"))
        }
    }
}
