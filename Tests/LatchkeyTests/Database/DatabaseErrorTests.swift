import Foundation
import Testing

@testable import Latchkey

/// `DatabaseError`'s engine failures: how each engine's codes are classified, and what of them a
/// person may see.
@Suite struct DatabaseErrorTests {
    private static let sql = "INSERT INTO users (username, password_hash) VALUES (?, ?)"

    private static func sqlite(_ code: ResultCode) -> DatabaseError {
        .sqlite(code: code.rawValue, message: "SQLite's own words: users.username", sql: sql)
    }

    private static func server(_ sqlState: String, constraint: String? = nil) -> DatabaseError {
        .postgresFailure(sqlState: sqlState, message: "the server's own words", constraintName: constraint, sql: sql)
    }

    /// An engine failure and what it must be classified as.
    struct Case: Sendable, CustomStringConvertible {
        let error: DatabaseError
        var busy = false
        var unavailable = false
        var conflict = false
        var constraint: ConstraintKind? = nil
        var description: String { "\(error.sqliteCode.map { "SQLite \($0)" } ?? error.sqlState ?? "")" }
    }

    static let cases: [Case] = [
        Case(error: sqlite(.busy), busy: true),
        Case(error: sqlite(.locked), busy: true),
        Case(error: sqlite(ResultCode(rawValue: ResultCode.busy.rawValue | (2 << 8))), busy: true),  // BUSY_SNAPSHOT
        Case(error: sqlite(ResultCode(rawValue: ResultCode.locked.rawValue | (1 << 8))), busy: true),  // SHAREDCACHE
        Case(error: sqlite(.constraintUnique), constraint: .unique),
        Case(error: sqlite(.constraintPrimaryKey), constraint: .primaryKey),
        Case(error: sqlite(.constraintForeignKey), constraint: .foreignKey),
        Case(error: sqlite(.constraintCheck), constraint: .check),
        Case(error: sqlite(.constraintNotNull), constraint: .notNull),
        Case(error: sqlite(.constraint), constraint: .other),
        Case(error: sqlite(.corrupt)),
        Case(error: sqlite(.notADatabase)),
        Case(error: server("40001"), busy: true, conflict: true),
        Case(error: server("40P01"), busy: true, conflict: true),
        Case(error: server("55P03"), busy: true),
        Case(error: server("53300"), busy: true),
        Case(error: server("57014"), busy: true),
        Case(error: server("08006"), unavailable: true),
        Case(error: server("08007"), unavailable: true),
        Case(error: server("57P01"), unavailable: true),
        Case(error: server("23505", constraint: "users_username"), constraint: .unique),
        Case(error: server("23503"), constraint: .foreignKey),
        Case(error: server("23514"), constraint: .check),
        Case(error: server("23502"), constraint: .notNull),
        Case(error: server("23P01"), constraint: .other),
        Case(error: server("42P01")),
        Case(error: server("22021")),
        Case(
            error: .serverUnavailable(server: "postgresql://db.internal/latchkey", reason: "refused"), unavailable: true
        ),
        Case(error: .serverLoginRefused(server: "postgresql://db.internal/latchkey", reason: "no"), unavailable: true),
    ]

    @Test(
        "Each engine's codes are classified as busy, unavailable, a conflict or a broken constraint", arguments: cases)
    func classification(_ expected: Case) {
        #expect(expected.error.isBusy == expected.busy)
        #expect(expected.error.isServerUnavailable == expected.unavailable)
        #expect(expected.error.isSerializationConflict == expected.conflict)
        #expect(expected.error.constraint == expected.constraint)
    }

    @Test(
        "An engine failure's explanation to a person holds neither the SQL nor the engine's message", arguments: cases)
    func explanationsHoldNoSQL(_ expected: Case) {
        let text = StorageText.explain(expected.error)
        #expect(!text.contains("INSERT") && !text.contains("users"), "\(text)")
        #expect(!text.contains("own words"), "\(text)")
    }

    @Test("Uniqueness is read from SQLite's column list and from PostgreSQL's index name")
    func brokenUniqueness() {
        let sqlite = DatabaseError.sqlite(
            code: ResultCode.constraintUnique.rawValue, message: "UNIQUE constraint failed: users.email_key", sql: nil)
        #expect(sqlite.brokeUniqueness(of: "users", "email_key"))
        #expect(!sqlite.brokeUniqueness(of: "users", "username"))
        let server = Self.server("23505", constraint: "users_email_key")
        #expect(server.brokeUniqueness(of: "users", "email_key"))
        #expect(!server.brokeUniqueness(of: "users", "username"))
        #expect(!Self.server("23503", constraint: "users_email_key").brokeUniqueness(of: "users", "email_key"))
    }

    @Test("A PostgreSQL data exception keeps no message, which could quote the value refused")
    func aDataExceptionKeepsNoMessage() {
        let error = DatabaseError.postgresFailure(sqlState: "22P02", message: "invalid input syntax: \"hunter2\"")
        #expect(error.engineMessage == "invalid value")
        #expect(!"\(error)".contains("hunter2"))
    }

    @Test("The developer's description names the engine, its code, its message and the statement")
    func descriptions() {
        #expect(
            "\(Self.sqlite(.constraintUnique))"
                == "SQLite error 19 (extended 2067): SQLite's own words: users.username in \"\(Self.sql)\"")
        #expect("\(Self.server("40001"))" == "PostgreSQL error 40001: the server's own words in \"\(Self.sql)\"")
    }
}
