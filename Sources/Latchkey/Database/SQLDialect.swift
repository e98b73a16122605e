/// The SQL an engine speaks, where the two differ: the one named place stores and the migrator ask,
/// instead of branching on the engine themselves.
package enum SQLDialect: Sendable, Hashable, CaseIterable {
    case sqlite
    case postgresql

    /// The migrations of this engine's folder under Migrations/.
    package var migrations: [Migration] {
        switch self {
        case .sqlite: Migration.sqlite
        case .postgresql: Migration.postgresql
        }
    }

    /// An expression listing `column` of the rows of `table` matching `condition`, sorted and joined with commas
    /// (NULL when there are none).
    func sortedList(_ column: String, from table: String, where condition: String) -> String {
        switch self {
        case .sqlite:
            "(SELECT group_concat(\(column), ',') FROM (SELECT \(column) FROM \(table) WHERE \(condition) "
                + "ORDER BY \(column)))"
        case .postgresql:
            "(SELECT string_agg(\(column), ',' ORDER BY \(column)) FROM \(table) WHERE \(condition))"
        }
    }

    /// The migrations' bookkeeping table.
    var bookkeeping: String {
        switch self {
        case .sqlite:
            """
            CREATE TABLE latchkey_migrations (
                version INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                checksum BLOB NOT NULL,
                applied_at INTEGER NOT NULL
            ) STRICT
            """
        case .postgresql:
            """
            CREATE TABLE latchkey_migrations (
                version BIGINT PRIMARY KEY,
                name TEXT NOT NULL,
                checksum BYTEA NOT NULL,
                applied_at BIGINT NOT NULL
            )
            """
        }
    }

    /// One row per table of the database (its current schema on PostgreSQL), named `name`.
    var tables: String {
        switch self {
        case .sqlite: "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
        case .postgresql: "SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()"
        }
    }

    /// One row per column of the table bound as the one parameter, named `name`, in the table's order.
    var columns: String {
        switch self {
        case .sqlite: "SELECT name FROM pragma_table_info(?) ORDER BY cid"
        case .postgresql:
            "SELECT column_name AS name FROM information_schema.columns "
                + "WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position"
        }
    }

    /// One row per table the foreign keys of the table bound as the one parameter refer to, named `name`.
    var parents: String {
        switch self {
        case .sqlite: "SELECT DISTINCT \"table\" AS name FROM pragma_foreign_key_list(?)"
        case .postgresql:
            "SELECT DISTINCT parent.relname AS name FROM pg_constraint AS k "
                + "JOIN pg_class AS child ON child.oid = k.conrelid JOIN pg_class AS parent ON parent.oid = k.confrelid "
                + "JOIN pg_namespace AS n ON n.oid = child.relnamespace "
                + "WHERE k.contype = 'f' AND n.nspname = current_schema() AND child.relname = ?"
        }
    }

    /// One row per column of the table bound as the one parameter whose values a sequence hands out
    /// (identity or serial), named `name`; nil for SQLite, which has no sequences.
    var identityColumns: String? {
        switch self {
        case .sqlite: nil
        case .postgresql:
            "SELECT column_name AS name FROM information_schema.columns "
                + "WHERE table_schema = current_schema() AND table_name = ? "
                + "AND (is_identity = 'YES' OR column_default LIKE 'nextval(%') ORDER BY ordinal_position"
        }
    }

    /// What a table needs after rows were copied in with the values of its `identityColumns`: on
    /// PostgreSQL each one's sequence must move past the highest value copied.
    func afterCopying(_ table: String, identityColumns: [String]) -> [String] {
        guard self == .postgresql else { return [] }
        return identityColumns.map { column in
            "SELECT setval(pg_get_serial_sequence('\(table)', '\(column)'), coalesce(max(\(column)), 0) + 1, false) "
                + "FROM \(table)"
        }
    }
}
