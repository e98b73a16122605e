import CSQLite
import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// The `.unavailable` paths of the scenes, reached with a failing hasher and a failing database.
@Suite struct ServiceProblemTests {
    /// A server or tool that prints the problem itself (`"\(problem)"`) shows the sentence the CLI
    /// shows, never the case name and its payload.
    @Test func aProblemPrintedAsTextIsTheSentenceTheCLIShows() {
        let problem = ServiceProblem.from(InstallationSecretError.notThisDatabasesKey(path: "/etc/lk.key"))
        #expect(
            "\(problem)"
                == "Key file error: the key file /etc/lk.key is not the one this database is used with: copy the key "
                + "file from a machine that uses this database (or restore it from the backup) to /etc/lk.key.")
        #expect("\(ServiceProblem.databaseBusy)" == "The database is busy. Try again in a moment.")
    }

    @Test func aHasherOutOfMemoryIsAnUnavailableServiceNotARejection() throws {
        let workers = try Seeds.workers(hasher: FailingHasher())
        let spy = RegisterPresentationLogicSpy()
        RegisterInteractor(presenter: spy, workers: workers).register(request: Seeds.alice)
        #expect(spy.responses == [.unavailable(.hashingFailed)])
        #expect(
            Presented.registration(.unavailable(.hashingFailed))
                == .failure(
                    LatchkeyError(
                        message: "Not enough memory to check the password.", kind: .storage, code: .unavailable)))
    }

    @Test func aDatabaseMissingATableIsAStorageProblemWordedWithoutSQL() throws {
        let workers = try Seeds.workers()
        try Seeds.register(Seeds.alice, with: workers)
        let token = try Seeds.login("alice", with: workers)
        try workers.database.write { db in try db.execute("DROP TABLE sessions") }
        let spy = WhoAmIPresentationLogicSpy()
        WhoAmIInteractor(presenter: spy, workers: workers).fetchProfile(request: .init(token: token))
        let response = try #require(spy.responses.last)
        guard case .unavailable(.storage(let reason)) = response else {
            Issue.record("expected a storage problem, got \(response)")
            return
        }
        #expect(!reason.contains("SELECT"))
        #expect(!reason.contains("sessions"))
        #expect(Presented.profile(response) == .failure(.unavailable(.storage(reason))))
    }

    @Test func aDatabaseLockedPastTheBusyTimeoutIsBusyForEveryScene() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("busy.sqlite3")
        let policy = SecurityPolicy(busyTimeout: .milliseconds(20))
        let workers = LatchkeyWorkers(
            database: try DatabaseWorker(.file(path: path), busyTimeout: policy.busyTimeout),
            hasher: Argon2idHasher(parameters: .cheapestForTests), time: ManualTime(), policy: policy)
        try Seeds.register(Seeds.alice, with: workers)
        // Another connection holds the write lock for the whole test.
        var other: OpaquePointer?
        #expect(sqlite3_open(path, &other) == SQLITE_OK)
        defer { sqlite3_close(other) }
        #expect(sqlite3_exec(other, "BEGIN IMMEDIATE", nil, nil, nil) == SQLITE_OK)

        let register = RegisterPresentationLogicSpy()
        RegisterInteractor(presenter: register, workers: workers).register(request: Seeds.bob)
        let login = LoginPresentationLogicSpy()
        LoginInteractor(presenter: login, workers: workers).login(request: .init(username: "alice", password: "x"))
        #expect(register.responses == [.unavailable(.databaseBusy)])
        #expect(login.responses == [.unavailable(.databaseBusy)])
        #expect(LatchkeyError.unavailable(.databaseBusy).kind == .busy)
    }
}
