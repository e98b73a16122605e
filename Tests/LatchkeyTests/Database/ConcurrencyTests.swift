import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

@Suite(.tags(.stress)) struct ConcurrencyTests {
    @Test func twoThreadsWritingAThousandRowsEachToOneFileLoseNone() throws {
        let folder = try TemporaryFolder()
        let worker = try DatabaseWorker(.file(path: folder.file("latchkey.sqlite3")))
        try worker.write { db in try db.execute("CREATE TABLE t (thread INTEGER, n INTEGER) STRICT") }
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for n in 0..<1_000 {
                do {
                    try worker.write { db in try db.execute("INSERT INTO t (thread, n) VALUES (?, ?)", [thread, n]) }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 } == [])
        let counts = try worker.read { db in
            try db.query("SELECT thread, count(DISTINCT n) FROM t GROUP BY thread ORDER BY thread") {
                try $0.int64(at: 1)
            }
        }
        #expect(counts == [1_000, 1_000])
    }

    @Test func aWriteWaitsForAnotherConnectionThatHoldsAWriteBriefly() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("latchkey.sqlite3")
        let mine = try DatabaseWorker(.file(path: path))
        let other = try DatabaseWorker(.file(path: path))
        try mine.write { db in try db.execute("CREATE TABLE t (who TEXT) STRICT") }

        let holding = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let otherResult = Mutex<String>("not run")
        Thread.detachNewThread {
            do {
                try other.write { db in
                    try db.execute("INSERT INTO t (who) VALUES ('other')")
                    holding.signal()
                    // Hold the write lock for a moment, as another process's short write would.
                    usleep(300_000)
                }
                otherResult.withLock { $0 = "committed" }
            } catch {
                otherResult.withLock { $0 = "\(error)" }
            }
            done.signal()
        }
        holding.wait()
        try mine.write { db in try db.execute("INSERT INTO t (who) VALUES ('mine')") }
        done.wait()
        #expect(otherResult.withLock { $0 } == "committed")
        let rows = try mine.read { db in try db.query("SELECT who FROM t ORDER BY rowid") { try $0.string(at: 0) } }
        #expect(rows == ["other", "mine"])
    }
}
