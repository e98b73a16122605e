import Foundation
import Testing

@testable import Latchkey

@Suite struct DatabaseWorkerTests {
    private let worker: DatabaseWorker

    init() throws {
        worker = try DatabaseWorker(.inMemory)
        try worker.write { db in
            try db.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, label TEXT, data BLOB, amount REAL) STRICT")
        }
    }

    private func count() throws -> Int64 {
        try worker.read { db in try db.queryFirst("SELECT count(*) FROM items") { try $0.int64(at: 0) } ?? -1 }
    }

    @Test func aWriteThatThrowsIsRolledBackAndLeavesNoRow() throws {
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            try worker.write { db in
                try db.execute("INSERT INTO items (label) VALUES (?)", ["half-written"])
                throw Boom()
            }
        }
        #expect(try count() == 0)
    }

    @Test func aWriteThatReturnsIsCommitted() throws {
        let id = try worker.write { db in
            try db.queryFirst("INSERT INTO items (label) VALUES (?) RETURNING id", ["kept"]) { try $0.int64("id") }
        }
        #expect(id == 1)
        #expect(try count() == 1)
    }

    @Test(arguments: [
        "it's \"quoted\"", "a; DROP TABLE items; --", "-- comment", "nul\u{0}inside\u{0}", "\u{0}", "",
        "emoji 🔐 and ünïcödé", "'); DELETE FROM items; SELECT ('",
    ])
    func textValuesRoundTripExactly(_ text: String) throws {
        let stored = try worker.write { db in
            let id = try db.queryFirst("INSERT INTO items (label) VALUES (?) RETURNING id", [text]) {
                try $0.int64("id")
            }
            return try db.queryFirst("SELECT label, length(CAST(label AS BLOB)) FROM items WHERE id = ?", [id]) {
                (try $0.string(at: 0), try $0.int64(at: 1))
            }
        }
        #expect(stored?.0 == text)
        #expect(stored?.1 == Int64(text.utf8.count))
        #expect(try count() == 1)
    }

    @Test func aOneMebibyteStringAndBlobRoundTripExactly() throws {
        let text = String(repeating: "x'\u{0};-- é", count: 1 << 20 / 8)
        let bytes = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let back = try worker.write { db in
            try db.execute("INSERT INTO items (label, data) VALUES (?, ?)", [text, bytes])
            return try db.queryFirst("SELECT label, data FROM items") { (try $0.string(at: 0), try $0.bytes(at: 1)) }
        }
        #expect(back?.0 == text)
        #expect(back?.1 == bytes)
    }

    @Test func nullIntegerRealAndEmptyBlobReadBackTyped() throws {
        let row = try worker.write { db in
            try db.execute("INSERT INTO items (label, data, amount) VALUES (?, ?, ?)", [String?.none, [UInt8](), 2.5])
            return try db.queryFirst("SELECT label, data, amount, id FROM items") {
                (
                    try $0.optionalString("label"), try $0.optionalBytes("data"), try $0.double("amount"),
                    try $0.int64("id")
                )
            }
        }
        #expect(row?.0 == nil)
        #expect(row?.1 == [])
        #expect(row?.2 == 2.5)
        #expect(row?.3 == 1)
    }

    @Test func readingAColumnAsTheWrongTypeIsAClearError() throws {
        try worker.write { db in try db.execute("INSERT INTO items (label) VALUES ('text')") }
        #expect(
            throws: DatabaseError.unexpectedColumnType(
                column: "label", expected: "INTEGER", found: "TEXT", sql: "SELECT label FROM items")
        ) {
            try worker.read { db in try db.query("SELECT label FROM items") { try $0.int64("label") } }
        }
    }

    @Test func theWrongNumberOfValuesStopsADebugBuild() async {
        await #expect(processExitsWith: .failure) {
            let worker = try DatabaseWorker(.inMemory)
            _ = try worker.write { db in try db.execute("SELECT ?", []) }
        }
    }

    @Test func statementsAreCachedBySQLText() throws {
        let connection = try worker.write { db in
            let sqlite = try #require(db.connection as? SQLiteConnection)
            let first = try sqlite.statement("SELECT count(*) FROM items")
            let second = try sqlite.statement("SELECT count(*) FROM items")
            return first == second
        }
        #expect(connection)
    }

    // Misuse is a programmer error: a debug build stops at once (the test sees the process exit),
    // a release build throws `.misuse`, which presenters word as an internal error, never as storage.

    @Test func moreThanOneStatementInOneExecuteStopsADebugBuild() async {
        await #expect(processExitsWith: .failure) {
            let worker = try DatabaseWorker(.inMemory)
            try worker.write { db in try db.execute("CREATE TABLE items (id INTEGER); DROP TABLE items") }
        }
    }

    @Test func aNestedTransactionOnTheSameWorkerStopsADebugBuildInsteadOfDeadlocking() async {
        await #expect(processExitsWith: .failure) {
            let worker = try DatabaseWorker(.inMemory)
            _ = try worker.write { _ in try worker.read { _ in 1 } }
        }
    }

    @Test func aHandleKeptPastItsTransactionStopsADebugBuild() async {
        await #expect(processExitsWith: .failure) {
            let worker = try DatabaseWorker(.inMemory)
            nonisolated(unsafe) var escaped: Database?
            try worker.read { db in escaped = db }
            try escaped?.execute("SELECT 1")
        }
    }

    @Test func misuseReachesAUserAsAnInternalErrorNeverAsAStorageError() {
        let problem = ServiceProblem.from(DatabaseError.misuse("a nested transaction"))
        #expect(problem == .internalError("a nested transaction"))
        let failure = LatchkeyError.unavailable(problem)
        #expect(failure.kind == .internalError)
        #expect(failure.message == "Internal error (please report it): a nested transaction")
    }
}
