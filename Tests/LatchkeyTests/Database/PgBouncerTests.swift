import Foundation
import Synchronization
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// The PostgreSQL engine behind a real PgBouncer in transaction pooling mode, where consecutive
/// transactions of one client land on different server connections and server connections are
/// shared between clients: nothing may outlive a transaction (named statements, session locks, SET).
@Suite(.enabled(if: TestEngine.available.contains(.postgresql)), .tags(.postgres)) struct PgBouncerTests {
    @Test func twoMachinesSignInAndOutThroughAPoolerWhileThreadsShareItsTwoServerConnections() throws {
        let location = try TestPostgres.shared.get().bouncedDatabase()
        // Two "machines" open (and so migrate) the new database at once.
        let opened = Mutex<[DatabaseWorker]>([])
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            do {
                let worker = try DatabaseWorker(location)
                opened.withLock { $0.append(worker) }
            } catch { failures.withLock { $0.append("\(error)") } }
        }
        #expect(failures.withLock { $0 } == [])
        let machines = opened.withLock { $0 }.map { database in
            LatchkeyWorkers(
                database: database, hasher: Argon2idHasher(parameters: .cheapestForTests),
                secret: InstallationSecret())
        }
        try #require(machines.count == 2)
        DispatchQueue.concurrentPerform(iterations: 6) { index in
            let workers = machines[index % 2]
            do {
                let name = "user\(index)"
                try Seeds.register(.init(username: name, password: "a long enough passphrase \(index)"), with: workers)
                for _ in 0..<3 {
                    let token = try Seeds.login(
                        name, "a long enough passphrase \(index)", with: machines[(index + 1) % 2])
                    let spy = WhoAmIPresentationLogicSpy()
                    WhoAmIInteractor(presenter: spy, workers: workers).fetchProfile(request: .init(token: token))
                    guard spy.responses.last?.signedIn?.user.username == name else {
                        throw Seeds.SeedError.notSignedIn
                    }
                }
            } catch { failures.withLock { $0.append("\(index): \(error)") } }
        }
        #expect(failures.withLock { $0 } == [])
        let users = try machines[0].database.read { db in
            try db.queryFirst("SELECT count(*) AS n FROM users") { try $0.int64("n") }
        }
        #expect(users == 6)
    }
}
