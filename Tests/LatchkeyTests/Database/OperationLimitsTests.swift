import Foundation
import Synchronization
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// One storage operation ends within its limits however many statements and retries it takes: its
/// waits for other connections' locks within the busy timeout, everything within the deadline.
@Suite(.tags(.postgres)) struct OperationLimitsTests {
    static let postgresql = TestEngine.available.contains(.postgresql)

    /// A table held by another connection, for the length of `body`.
    private func whileLocked(_ location: DatabaseLocation, _ body: () throws -> Void) throws {
        let holder = try DatabaseWorker(location)
        try holder.write { db in
            try db.connection.executeScript("LOCK TABLE users IN ACCESS EXCLUSIVE MODE")
            try body()
        }
    }

    /// The read `whoami` makes (one statement, no transaction) waits for a lock as long as any other
    /// command does: the busy timeout, not the much longer deadline.
    @Test(.enabled(if: postgresql))
    func aOneStatementReadOfALockedTableIsBusyAtTheBusyTimeoutNotAtTheDeadline() throws {
        let location = try TestPostgres.shared.get().freshDatabase()
        let worker = try DatabaseWorker(location, busyTimeout: .milliseconds(500), deadline: .seconds(20))
        try whileLocked(location) {
            let started = ContinuousClock.now
            #expect {
                _ = try worker.readStatement { db in
                    try db.queryFirst("SELECT count(*) AS n FROM users") { try $0.int64("n") }
                }
            } throws: { ($0 as? DatabaseError)?.isBusy == true }
            #expect(ContinuousClock.now - started < .seconds(5))
        }
    }

    /// A write run again after a serialization conflict waits for a lock only as long as is left of
    /// the busy timeout the first attempt started.
    @Test(.enabled(if: postgresql))
    func aRetriedWriteWaitsForALockOnlyForWhatIsLeftOfTheBusyTimeout() throws {
        let location = try TestPostgres.shared.get().freshDatabase()
        let worker = try DatabaseWorker(location, busyTimeout: .seconds(3), deadline: .seconds(30))
        let attempts = Counter()
        try whileLocked(location) {
            let started = ContinuousClock.now
            #expect {
                try worker.write { db in
                    if attempts.next() == 1 {
                        // The first attempt spends most of the budget, then loses a conflict.
                        try db.connection.executeScript("SELECT pg_sleep(2.5)")
                        throw DatabaseError.postgresFailure(sqlState: "40001", message: "conflict")
                    }
                    try db.execute("DELETE FROM users")
                }
            } throws: { ($0 as? DatabaseError)?.sqlState == "55P03" }
            #expect(attempts.value == 2)
            // 2.5 s, then the 0.5 s left: not a fresh 3 s wait.
            #expect(ContinuousClock.now - started < .milliseconds(4_500))
        }
    }

    /// The deadline bounds a transaction as a whole, not each of its statements.
    @Test(.enabled(if: postgresql))
    func theDeadlineBoundsAWholeTransactionNotEachStatement() throws {
        let location = try TestPostgres.shared.get().freshDatabase()
        let worker = try DatabaseWorker(location, busyTimeout: .seconds(30), deadline: .seconds(2))
        #expect {
            try worker.write { db in
                for _ in 0..<3 { try db.connection.executeScript("SELECT pg_sleep(0.9)") }
            }
        } throws: { ($0 as? DatabaseError)?.isBusy == true }
    }

    /// SQLite waits once per transaction (BEGIN IMMEDIATE takes the write lock first) and never
    /// retries: a write behind another connection's is busy at the busy timeout.
    @Test func aSQLiteWriteBehindAnotherConnectionsIsBusyAtTheBusyTimeout() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("limits.sqlite3")
        let holder = try DatabaseWorker(.file(path: path))
        let worker = try DatabaseWorker(.file(path: path), busyTimeout: .milliseconds(500))
        try holder.write { _ in
            let started = ContinuousClock.now
            #expect {
                try worker.write { db in try db.execute("DELETE FROM users") }
            } throws: { ($0 as? DatabaseError)?.isBusy == true }
            #expect(ContinuousClock.now - started < .seconds(3))
        }
    }
}

/// Counts calls from a body that may run more than once.
private final class Counter: Sendable {
    private let count = Mutex(0)
    func next() -> Int {
        count.withLock {
            $0 += 1; return $0
        }
    }
    var value: Int { count.withLock { $0 } }
}
