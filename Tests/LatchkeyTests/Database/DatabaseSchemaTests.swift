import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// `DatabaseSchema`, read from each engine's catalog after migration.
@Suite(.onEveryEngine) struct DatabaseSchemaTests {
    /// Each table's name, columns (without an order: the engines may list them differently) and parents.
    private func shape(_ schema: DatabaseSchema) -> [String: [String]] {
        Dictionary(
            uniqueKeysWithValues: schema.tables.map {
                ($0.name, $0.columns.sorted() + ["→"] + $0.parents.sorted())
            })
    }

    @Test("The schema read from a migrated database is the one this build's migrations make")
    func theSchemaIsTheMigrations() throws {
        let worker = try freshDatabase()
        let schema = try worker.read { db in try DatabaseSchema(reading: db) }
        #expect(shape(schema) == shape(try DatabaseSchema.ofThisBuild()))
        let tables = try worker.read { db in try Migrator.tables(db) }
        #expect(Set(schema.tables.map(\.name)) == tables.subtracting([Migrator.bookkeepingTable]))
        #expect(!schema.tables.isEmpty)
    }

    @Test("Each table's columns are the ones a row of it has, in the same order")
    func columnsAreWhatARowHas() throws {
        let worker = try freshDatabase()
        try EveryColumnRows.insert(into: worker)
        let schema = try worker.read { db in try DatabaseSchema(reading: db) }
        for table in schema.tables {
            let names = try worker.read { db in
                try db.queryFirst("SELECT * FROM \(table.name)") { $0.columnNames }
            }
            #expect(names == table.columns, "\(table.name)")
        }
    }

    @Test("Every table comes after the tables its foreign keys refer to")
    func parentsComeFirst() throws {
        let schema = try freshDatabase().read { db in try DatabaseSchema(reading: db) }
        var seen: Set<String> = []
        for table in schema.tables {
            #expect(table.parents.isSubset(of: seen), "\(table.name) before one of \(table.parents)")
            seen.insert(table.name)
        }
        #expect(schema.table("sessions")?.parents == ["users", "oidc_clients"])
        #expect(schema.table("access_token_roles")?.parents == ["access_tokens"])
    }

    @Test("Identity columns come from PostgreSQL's catalog; SQLite has none to move")
    func identityColumns() throws {
        let schema = try freshDatabase().read { db in try DatabaseSchema(reading: db) }
        let identity = schema.tables.filter { !$0.identityColumns.isEmpty }
        switch TestEngine.current {
        case .sqlite: #expect(identity.isEmpty)
        case .postgresql:
            #expect(
                identity.map(\.name).sorted() == [
                    "access_tokens", "auth_events", "invitations", "oidc_clients", "oidc_signing_keys",
                    "one_time_codes", "passkeys",
                    "sessions", "users",
                ])
            #expect(identity.allSatisfy { $0.identityColumns == ["id"] })
        }
    }
}
