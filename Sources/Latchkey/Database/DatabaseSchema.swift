/// The tables of a database as its own catalog lists them (the migrations' bookkeeping table left
/// out): each table's columns, the tables its foreign keys refer to, and its identity columns.
/// Read from the database after migration, so no list of tables or columns is kept by hand.
package struct DatabaseSchema: Sendable, Hashable {
    /// One table of the schema.
    package struct Table: Sendable, Hashable {
        /// The table's name.
        package let name: String
        /// Its columns, in the catalog's order.
        package let columns: [String]
        /// The other tables its foreign keys refer to.
        package let parents: Set<String>
        /// Its columns whose values a sequence hands out (PostgreSQL identity or serial columns;
        /// none on SQLite, which takes the next rowid from the table itself).
        package let identityColumns: [String]
    }

    /// Every table, each after the tables it refers to (otherwise by name): an order that inserts
    /// parents before their children.
    package let tables: [Table]

    /// The schema of the database `db` is a transaction of.
    package init(reading db: Database) throws {
        let names = try Migrator.tables(db).subtracting([Migrator.bookkeepingTable])
        let dialect = db.dialect
        let found = try names.map { name in
            Table(
                name: name,
                columns: try db.query(dialect.columns, [name]) { try $0.string("name") },
                parents: Set(try db.query(dialect.parents, [name]) { try $0.string("name") }).subtracting([name]),
                identityColumns: try dialect.identityColumns.map { sql in
                    try db.query(sql, [name]) { try $0.string("name") }
                } ?? [])
        }
        tables = Self.parentsFirst(found)
    }

    /// The schema this build's migrations make of an empty database (a private in-memory one).
    package static func ofThisBuild() throws -> DatabaseSchema {
        try DatabaseWorker(.inMemory).read { db in try DatabaseSchema(reading: db) }
    }

    /// The table named `name`, if there is one.
    package func table(_ name: String) -> Table? {
        tables.first { $0.name == name }
    }

    /// `tables` with every table after its parents; among the tables ready at each step, the first by
    /// name. A cycle of foreign keys (none in Latchkey's schema) leaves its tables last, by name.
    private static func parentsFirst(_ tables: [Table]) -> [Table] {
        var waiting = tables.sorted { $0.name < $1.name }
        let known = Set(tables.map(\.name))
        var placed: Set<String> = []
        var ordered: [Table] = []
        while !waiting.isEmpty {
            let ready = waiting.firstIndex { $0.parents.intersection(known).isSubset(of: placed) } ?? 0
            let table = waiting.remove(at: ready)
            placed.insert(table.name)
            ordered.append(table)
        }
        return ordered
    }
}
