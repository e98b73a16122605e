import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// The PostgreSQL engine against a real server that misbehaves: connections dropped, locks held,
/// slots used up, a query that never answers.
@Suite(.enabled(if: TestEngine.available.contains(.postgresql)), .tags(.postgres)) struct PostgresFaultTests {
    let server: TestPostgres
    let location: DatabaseLocation

    init() throws {
        server = try TestPostgres.shared.get()
        location = try server.freshDatabase()
    }

    private var url: String {
        guard case .postgresql(let url) = location else { return "" }
        return url
    }

    /// Server connections open under `name` as their application name.
    private func connections(named name: String) throws -> Int64 {
        let probe = try DatabaseWorker(.postgresql(url: url))
        return try probe.read { db in
            try db.queryFirst("SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = ?", [name]) {
                try $0.int64("n")
            } ?? -1
        }
    }

    @Test func aCommandOnOneThreadOpensOneServerConnection() throws {
        let name = "lk_one_\(getpid())"
        let worker = try DatabaseWorker(.postgresql(url: url + "&application_name=\(name)"))
        let workers = LatchkeyWorkers(
            database: worker, hasher: Argon2idHasher(parameters: .cheapestForTests), secret: InstallationSecret())
        try Seeds.register(Seeds.alice, with: workers)
        let token = try Seeds.login("alice", with: workers)
        for _ in 0..<5 {
            let spy = WhoAmIPresentationLogicSpy()
            WhoAmIInteractor(presenter: spy, workers: workers).fetchProfile(request: .init(token: token))
            #expect(spy.responses.last?.signedIn != nil)
        }
        #expect(try connections(named: name) == 1)
    }

    @Test func aMigratedDatabaseOpensWhileAnotherProcessHoldsTheMigrationLock() throws {
        _ = try DatabaseWorker(location)
        let holder = try DatabaseWorker(.postgresql(url: url))
        let started = ContinuousClock.now
        // The lock is held in a transaction of its own for as long as the second open takes.
        try holder.write { db in
            try db.connection.executeScript(
                "SELECT pg_advisory_xact_lock(\(PostgresEngine.migrationLockKey), hashtext(current_schema()))")
            _ = try DatabaseWorker(location, busyTimeout: .seconds(30))
        }
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test func aPendingMigrationWaitsForTheLockOnlyAsLongAsTheBusyTimeoutThenIsBusy() throws {
        // The holder works in another schema and takes the lock of this (still empty) one.
        let schema = try #require(url.components(separatedBy: "search_path%3D").last)
        let holder = try DatabaseWorker(try server.freshDatabase())
        try holder.write { db in
            try db.connection.executeScript(
                "SELECT pg_advisory_xact_lock(\(PostgresEngine.migrationLockKey), hashtext('\(schema)'))")
            let other = try server.freshDatabase()
            // Another schema hashes to another lock: it migrates at once.
            _ = try DatabaseWorker(other, busyTimeout: .seconds(1))
            do {
                _ = try DatabaseWorker(location, busyTimeout: .seconds(1))
                Issue.record("the migration did not wait for the held lock")
            } catch {
                #expect((error as? DatabaseError)?.isBusy == true, "\(error)")
            }
        }
    }

    @Test func anOperationPastItsDeadlineIsCancelledAndReportedBusyAndTheConnectionServesOn() throws {
        let worker = try DatabaseWorker(location, busyTimeout: .seconds(60), deadline: .seconds(1))
        let holder = try DatabaseWorker(.postgresql(url: url))
        let started = ContinuousClock.now
        try holder.write { db in
            try db.connection.executeScript("LOCK TABLE users IN ACCESS EXCLUSIVE MODE")
            do {
                _ = try worker.read { db in try db.query("SELECT count(*) AS n FROM users") { try $0.int64("n") } }
                Issue.record("the read did not time out")
            } catch let error as DatabaseError {
                #expect(error.isBusy, "\(error)")
                #expect(error.sqlState == "57014")
            }
        }
        #expect(ContinuousClock.now - started < .seconds(15))
        let users = try worker.read { db in try db.queryFirst("SELECT count(*) AS n FROM users") { try $0.int64("n") } }
        #expect(users == 0)
    }

    /// A synchronous standby that is gone makes every COMMIT wait for it, forever. The deadline
    /// cancels the wait; the server may already have committed locally, so the answer is "outcome
    /// unknown" (08007), never success and never an endless wait. Only this test's role waits: the
    /// shared server runs `synchronous_commit = off`, which never waits for a standby.
    @Test func aCommitWaitingForAGoneSynchronousStandbyEndsAtTheDeadlineAsOutcomeUnknown() throws {
        _ = try DatabaseWorker(location)
        let role = "lk_synchronous_\(getpid())"
        let schema = try #require(url.components(separatedBy: "search_path%3D").last)
        try server.execute(
            "DROP ROLE IF EXISTS \(role); CREATE ROLE \(role) LOGIN; ALTER ROLE \(role) SET synchronous_commit = on; "
                + "GRANT USAGE ON SCHEMA \(schema) TO \(role); "
                + "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA \(schema) TO \(role); "
                + "GRANT USAGE ON ALL SEQUENCES IN SCHEMA \(schema) TO \(role)")
        // ALTER SYSTEM runs outside a transaction: one statement per call.
        try server.execute("ALTER SYSTEM SET synchronous_standby_names = 'a_standby_that_is_gone'")
        try server.execute("SELECT pg_reload_conf()")
        defer {
            try? server.execute("ALTER SYSTEM RESET synchronous_standby_names")
            try? server.execute("SELECT pg_reload_conf()")
        }
        let waiting = url.replacingOccurrences(of: "user=latchkey", with: "user=\(role)")
        let worker = try DatabaseWorker(.postgresql(url: waiting), deadline: .seconds(1))
        let started = ContinuousClock.now
        do {
            try worker.write { db in
                try db.execute(
                    "INSERT INTO login_throttle (throttle_key, failures, window_started_at) VALUES ('x', 1, 0)")
            }
            Issue.record("the commit returned although no standby confirmed it")
        } catch let error as DatabaseError {
            #expect(error.sqlState == "08007", "\(error)")
            #expect(error.isServerUnavailable || error.isBusy, "\(error)")
        }
        #expect(ContinuousClock.now - started < .seconds(15))
    }

    /// A direct connection prepares each statement once under a name (the server plans it once);
    /// with `pooler=transaction` nothing is prepared, so nothing outlives a transaction.
    @Test(arguments: [false, true])
    func statementsArePreparedOncePerConnectionUnlessBehindATransactionPooler(pooled: Bool) throws {
        _ = try DatabaseWorker(location)
        let worker = try DatabaseWorker(.postgresql(url: url + (pooled ? "&pooler=transaction" : "")))
        let probe = "SELECT count(*) AS n FROM users WHERE id > ?"
        for _ in 0..<3 { _ = try worker.read { db in try db.queryFirst(probe, [0]) { try $0.int64("n") } } }
        let prepared = try worker.read { db in
            try db.query("SELECT statement FROM pg_prepared_statements") { try $0.string("statement") }
        }
        if pooled {
            #expect(prepared.isEmpty, "\(prepared)")
        } else {
            #expect(prepared.filter { $0.contains("FROM users WHERE id > $1") }.count == 1, "\(prepared)")
        }
    }

    @Test func aServerWithNoConnectionSlotLeftIsBusyNotUnavailable() throws {
        let role = "lk_limited_\(getpid())"
        _ = try DatabaseWorker(location)
        let schema = try #require(url.components(separatedBy: "search_path%3D").last)
        try server.execute(
            "DROP ROLE IF EXISTS \(role); CREATE ROLE \(role) LOGIN CONNECTION LIMIT 1; "
                + "GRANT USAGE ON SCHEMA \(schema) TO \(role); GRANT SELECT ON ALL TABLES IN SCHEMA \(schema) TO \(role)"
        )
        let limited = url.replacingOccurrences(of: "user=latchkey", with: "user=\(role)")
        let first = try DatabaseWorker(.postgresql(url: limited))
        do {
            _ = try DatabaseWorker(.postgresql(url: limited))
            Issue.record("a second connection was allowed")
        } catch {
            #expect(error.isBusy, "\(error)")
            #expect(ServiceProblem.from(error) == .databaseBusy)
        }
        _ = first
    }

    @Test func aConnectionTheServerDroppedWhileIdleIsReplacedWithoutAnError() throws {
        let name = "lk_drop_\(getpid())"
        let worker = try DatabaseWorker(.postgresql(url: url + "&application_name=\(name)"))
        try server.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = '\(name)'")
        let users = try worker.read { db in try db.queryFirst("SELECT count(*) AS n FROM users") { try $0.int64("n") } }
        #expect(users == 0)
        try server.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = '\(name)'")
        try worker.write { db in try db.execute("DELETE FROM login_throttle") }
    }

    @Test func aStatementLostMidTransactionIsTheDocumentedUnavailableNeverAnInternalError() throws {
        let name = "lk_mid_\(getpid())"
        let worker = try DatabaseWorker(.postgresql(url: url + "&application_name=\(name)"))
        do {
            try worker.write { db in
                try db.execute("DELETE FROM login_throttle")
                try server.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = '\(name)'")
                try db.execute("DELETE FROM login_throttle")
            }
            Issue.record("the write went on without its connection")
        } catch {
            let problem = ServiceProblem.from(error)
            guard case .serverUnavailable = problem else {
                Issue.record("answered \(problem)")
                return
            }
        }
        #expect(try worker.read { db in try db.queryFirst("SELECT 1 AS one") { try $0.int64("one") } } == 1)
    }
}
