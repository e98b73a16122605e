import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// A one-statement read (a session check's) runs without BEGIN and COMMIT: one statement is itself
/// one snapshot (a second could not be: see `ReaderPoolTests`).
@Suite(.onEveryEngine, .tags(.postgres)) struct ReadStatementTests {
    @Test("a one-statement read answers its statement")
    func aOneStatementReadAnswers() throws {
        let worker = try DatabaseWorker(TestEngine.current.freshDatabase())
        let count = try worker.readStatement { db in
            try db.queryFirst("SELECT count(*) AS n FROM users") { try $0.int64("n") }
        }
        #expect(count == 0)
    }

    @Test("a one-statement read of a SQLite file sees the last committed write, on a reader")
    func aOneStatementReadOfAFileSeesTheLastWrite() throws {
        guard TestEngine.current == .sqlite else { return }
        let folder = try TemporaryFolder()
        let worker = try DatabaseWorker(.file(path: folder.file("statement.sqlite3")))
        for round in 1...5 {
            try worker.write { db in
                try db.execute(
                    "INSERT INTO users (username, password_hash, created_at, updated_at) VALUES (?, '$argon2id$x', 0, 0)",
                    ["user\(round)"])
            }
            let count = try worker.readStatement { db in
                try db.queryFirst("SELECT count(*) AS n FROM users") { try $0.int64("n") }
            }
            #expect(count == Int64(round))
        }
    }
}
