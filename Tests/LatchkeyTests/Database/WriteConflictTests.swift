import Foundation
import Synchronization
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// A write transaction that reads a value and writes it back changed is all-or-nothing and one at a
/// time on both engines: SQLite by its write lock, PostgreSQL by SERIALIZABLE and running the
/// transaction again after a conflict. No increment may be lost.
@Suite(.onEveryEngine, .tags(.postgres)) struct WriteConflictTests {
    @Test func threadsIncrementingOneCounterByReadAndWriteLoseNoIncrement() throws {
        let worker = try freshDatabase()
        try worker.write { db in
            try db.execute("CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)")
            try db.execute("INSERT INTO counter (id, n) VALUES (1, 0)")
        }
        let threads = 4
        let increments = 50
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<increments {
                do {
                    try worker.write { db in
                        let n = try db.queryFirst("SELECT n FROM counter WHERE id = 1") { try $0.int64("n") } ?? -1
                        try db.execute("UPDATE counter SET n = ? WHERE id = 1", [n + 1])
                    }
                } catch {
                    failures.add("\(error)")
                }
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all.prefix(3))")
        let total = try worker.read { db in
            try db.queryFirst("SELECT n FROM counter WHERE id = 1") { try $0.int64("n") }
        }
        #expect(total == Int64(threads * increments))
    }
}

/// Errors collected from several threads.
final class Failures: Sendable {
    private let list = Mutex<[String]>([])
    func add(_ text: String) { list.withLock { $0.append(text) } }
    var all: [String] { list.withLock { $0 } }
}
