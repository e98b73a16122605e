import Dispatch
import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// A file database reads on its own connections: one thread's long read does not hold up another's.
@Suite struct ReaderPoolTests {
    @Test func aReadDoesNotWaitForAnotherThreadsRead() throws {
        let folder = try TemporaryFolder()
        let worker = try DatabaseWorker(.file(path: folder.file("pool.sqlite3")))
        let inside = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let holder = BackgroundRun { [worker] in
            (try? worker.read { _ in
                inside.signal()
                release.wait()
                return true
            }) ?? false
        }
        inside.wait()
        // The first read is still open: this one must complete on another connection, not block.
        let count = try worker.read { db in try db.queryFirst("SELECT count(*) FROM users") { try $0.int64(at: 0) } }
        #expect(count == 0)
        release.signal()
        #expect(holder.wait())
    }

    @Test func everyReaderConnectionHasTheSafetySettings() throws {
        let folder = try TemporaryFolder()
        let worker = try DatabaseWorker(.file(path: folder.file("pool.sqlite3")))
        for _ in 0..<(DatabaseWorker.readerCount * 2) {
            let settings = try worker.read { db in
                [
                    try db.queryFirst("PRAGMA foreign_keys") { try $0.int64(at: 0) },
                    try db.queryFirst("PRAGMA secure_delete") { try $0.int64(at: 0) },
                    try db.queryFirst("PRAGMA busy_timeout") { try $0.int64(at: 0) },
                ]
            }
            #expect(settings == [1, 1, 5_000])
        }
    }

    @Test func aReadSeesWhatAWriteJustCommitted() throws {
        let folder = try TemporaryFolder()
        let worker = try DatabaseWorker(.file(path: folder.file("pool.sqlite3")))
        for round in 1...10 {
            try worker.write { db in
                try db.execute(
                    "INSERT INTO users (username, password_hash, created_at, updated_at) VALUES (?, '$argon2id$x', 0, 0)",
                    ["user\(round)"])
            }
            let seen = try worker.read { db in try db.queryFirst("SELECT count(*) FROM users") { try $0.int64(at: 0) } }
            #expect(seen == Int64(round))
        }
    }

    @Test func aNestedReadOnAFileDatabaseStopsADebugBuild() async {
        await #expect(processExitsWith: .failure) {
            let path = NSTemporaryDirectory() + "/latchkey-nested-\(getpid()).sqlite3"
            let worker = try DatabaseWorker(.file(path: path))
            _ = try worker.read { _ in try worker.read { _ in 1 } }
        }
    }

    /// SQLite runs a one-statement read without BEGIN and COMMIT too, so a second statement would
    /// read another snapshot: it is a misuse there as on PostgreSQL.
    @Test func aSecondStatementInAOneStatementReadStopsADebugBuild() async {
        await #expect(processExitsWith: .failure) {
            let path = NSTemporaryDirectory() + "/latchkey-statement-\(getpid()).sqlite3"
            let worker = try DatabaseWorker(.file(path: path))
            _ = try worker.readStatement { db in
                _ = try db.queryFirst("SELECT count(*) AS n FROM users") { try $0.int64("n") }
                return try db.queryFirst("SELECT count(*) AS n FROM sessions") { try $0.int64("n") }
            }
        }
    }
}
