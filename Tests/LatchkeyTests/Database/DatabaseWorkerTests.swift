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
        try worker.read { db in try db.queryFirst("SELECT count(*) FROM items") { try $0.int64(0) } ?? -1 }
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
            try db.execute("INSERT INTO items (label) VALUES (?)", ["kept"])
            return db.lastInsertRowID
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
            try db.execute("INSERT INTO items (label) VALUES (?)", [text])
            return try db.queryFirst(
                "SELECT label, length(CAST(label AS BLOB)) FROM items WHERE id = ?", [db.lastInsertRowID]
            ) {
                (try $0.string(0), try $0.int64(1))
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
            return try db.queryFirst("SELECT label, data FROM items") { (try $0.string(0), try $0.bytes(1)) }
        }
        #expect(back?.0 == text)
        #expect(back?.1 == bytes)
    }

    @Test func nullIntegerRealAndEmptyBlobReadBackTyped() throws {
        let row = try worker.write { db in
            try db.execute("INSERT INTO items (label, data, amount) VALUES (?, ?, ?)", [String?.none, [UInt8](), 2.5])
            return try db.queryFirst("SELECT label, data, amount, id FROM items") {
                (try $0.optionalString(0), try $0.optionalBytes(1), try $0.double(2), try $0.int64(3))
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
                column: 0, expected: "INTEGER", found: "TEXT", sql: "SELECT label FROM items")
        ) {
            try worker.read { db in try db.query("SELECT label FROM items") { try $0.int64(0) } }
        }
    }

    @Test func theWrongNumberOfValuesIsRefused() throws {
        #expect(throws: DatabaseError.self) {
            try worker.write { db in try db.execute("INSERT INTO items (label) VALUES (?)", []) }
        }
    }

    @Test func statementsAreCachedBySQLText() throws {
        let connection = try worker.write { db in
            let first = try db.connection.statement("SELECT count(*) FROM items")
            let second = try db.connection.statement("SELECT count(*) FROM items")
            return first == second
        }
        #expect(connection)
    }

    @Test func moreThanOneStatementInOneExecuteIsRefused() throws {
        #expect(throws: DatabaseError.multipleStatements(sql: "DELETE FROM items; DROP TABLE items")) {
            try worker.write { db in try db.execute("DELETE FROM items; DROP TABLE items") }
        }
        #expect(try count() == 0)
    }

    @Test func aNestedTransactionOnTheSameWorkerIsRefusedNotDeadlocked() throws {
        #expect(throws: DatabaseError.nestedTransaction) {
            try worker.write { _ in try worker.read { _ in 1 } }
        }
        // The worker is still usable afterwards.
        #expect(try count() == 0)
    }

    @Test func aHandleKeptPastItsTransactionIsRefused() throws {
        var escaped: Database?
        try worker.read { db in escaped = db }
        #expect(throws: DatabaseError.handleUsedOutsideTransaction) {
            try escaped?.execute("DELETE FROM items")
        }
    }
}
