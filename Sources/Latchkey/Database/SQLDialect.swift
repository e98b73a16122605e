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

    /// One row per column of the table bound as the one parameter, named `name`.
    var columns: String {
        switch self {
        case .sqlite: "SELECT name FROM pragma_table_info(?)"
        case .postgresql:
            "SELECT column_name AS name FROM information_schema.columns "
                + "WHERE table_schema = current_schema() AND table_name = ?"
        }
    }

    /// What a table needs after rows were copied in with their ids: PostgreSQL's identity columns
    /// must move past the highest id copied (SQLite picks the next id from the table itself).
    func afterCopying(_ table: String) -> String? {
        guard self == .postgresql,
            ["users", "sessions", "auth_events", "access_tokens", "one_time_codes"].contains(table)
        else {
            return nil
        }
        return "SELECT setval(pg_get_serial_sequence('\(table)', 'id'), coalesce(max(id), 0) + 1, false) FROM \(table)"
    }
}
