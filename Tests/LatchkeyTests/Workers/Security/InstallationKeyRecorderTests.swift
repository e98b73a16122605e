import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// Two machines that each made a key file for one database: the first key used is recorded in the
/// write that first uses it, and the other is refused at once, before it writes anything.
@Suite(.onEveryEngine, .tags(.postgres)) struct InstallationKeyRecorderTests {
    let folder: TemporaryFolder
    let location: DatabaseLocation

    init() throws {
        folder = try TemporaryFolder()
        location = try racingDatabase(in: folder).location
    }

    /// A machine: a connection of its own to the shared database, and a key file of its own (not
    /// made yet: it is made on first need).
    private func machine(_ keyFile: String) throws -> LatchkeyWorkers {
        LatchkeyWorkers(
            database: try DatabaseWorker(location), hasher: Argon2idHasher(parameters: .cheapestForTests),
            secret: InstallationSecret(keyFile: folder.file(keyFile)))
    }

    /// A sign-in under a name no account has: its throttle row is keyed under the installation key.
    private static func signInUnknown(_ workers: LatchkeyWorkers) -> Login.Authenticate.Response? {
        let spy = LoginPresentationLogicSpy()
        LoginInteractor(presenter: spy, workers: workers).login(
            request: .init(username: "nobody", password: "not the password at all"))
        return spy.responses.last
    }

    private func recordedCheck(_ workers: LatchkeyWorkers) throws -> [UInt8]? {
        try workers.database.read { db in try InstallationKeyRecorder.recordedCheck(in: db) }
    }

    private static func isKeyRefusal(_ response: Login.Authenticate.Response?) -> Bool {
        guard case .unavailable(.secretKey) = response else { return false }
        return true
    }

    @Test func theFirstKeyUsedIsRecordedInItsWriteAndAnotherKeyIsRefusedAtOnce() throws {
        let first = try machine("first.key")
        let second = try machine("second.key")
        // Both start before either has a key: nothing to refuse yet.
        try first.checkInstallationKey()
        try second.checkInstallationKey()
        #expect(try recordedCheck(first) == nil)

        #expect(Self.signInUnknown(first) == .invalidCredentials)
        #expect(try recordedCheck(first) == (try first.secret.checkValue()))

        let before = try dumpEveryTable(first.database)
        let refused = Self.signInUnknown(second)
        #expect(Self.isKeyRefusal(refused), "\(String(describing: refused))")
        #expect(try dumpEveryTable(first.database) == before)
        // The refusal reads as a sentence, wherever it is printed.
        if case .unavailable(let problem) = refused {
            #expect("\(problem)".hasPrefix("Key file error: the key file \(folder.file("second.key")) is not the one"))
        }
        // The first machine goes on; a new start of the second is refused at once too.
        #expect(Self.signInUnknown(first) == .invalidCredentials)
        #expect(throws: LatchkeyError.self) { try machine("second.key").checkInstallationKey() }
    }

    /// Sealing a second-factor secret is a first use too: a machine whose key the database does not
    /// keep never stores a secret sealed under it.
    @Test func aSecondFactorIsNeverSealedUnderAKeyTheDatabaseRefuses() throws {
        let first = try machine("first.key")
        let second = try machine("second.key")
        try Seeds.register(Seeds.alice, with: first)
        let token = try Seeds.login("alice", with: first)
        func enroll(_ workers: LatchkeyWorkers) -> SecondFactor.Change.Response? {
            let spy = SecondFactorPresentationLogicSpy()
            SecondFactorInteractor(presenter: spy, workers: workers).change(
                request: .init(token: token, action: .enroll(password: Seeds.password)))
            return spy.responses.last
        }
        guard case .pending = enroll(second) else {
            Issue.record("the first seal was not stored")
            return
        }
        #expect(try recordedCheck(first) == (try second.secret.checkValue()))
        let sealed = try sealedSecrets(first)
        guard case .unavailable(.secretKey) = enroll(first) else {
            Issue.record("a secret was sealed under a key the database refuses")
            return
        }
        #expect(try sealedSecrets(first) == sealed)
    }

    private func sealedSecrets(_ workers: LatchkeyWorkers) throws -> [[UInt8]] {
        try workers.database.read { db in
            try db.query("SELECT secret_box FROM second_factors") { try $0.bytes("secret_box") }
        }
    }

    @Test func ofTwoMachinesUsingTheirOwnKeysAtOnceExactlyOneWins() throws {
        let machines = [try machine("a.key"), try machine("b.key")]
        // Each answer kept at its machine's index (they finish in either order).
        let answers = Mutex<[Login.Authenticate.Response?]>([nil, nil])
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let answer = Self.signInUnknown(machines[index])
            answers.withLock { $0[index] = answer }
        }
        let all = answers.withLock { $0 }
        #expect(all.filter { $0 == .invalidCredentials }.count == 1, "\(all)")
        #expect(all.filter(Self.isKeyRefusal).count == 1, "\(all)")
        let winner = all.firstIndex(of: .invalidCredentials).map { machines[$0] }
        #expect(try recordedCheck(machines[0]) == (try winner?.secret.checkValue()))
    }

    @Test func keyInitRecordsAtOnceIsIdempotentAndRefusesAnotherKey() throws {
        let first = try machine("first.key")
        let done = try first.initializeInstallationKey()
        #expect(
            done
                == InstallationKeyInitialization(
                    keyFile: folder.file("first.key"), createdKeyFile: true, recorded: true))
        #expect(try recordedCheck(first) == (try first.secret.checkValue()))
        let again = try first.initializeInstallationKey()
        #expect(
            again
                == InstallationKeyInitialization(
                    keyFile: folder.file("first.key"), createdKeyFile: false, recorded: false))
        // Another key file, made before or not at all, is refused; none is made for the missing one.
        #expect(throws: ServiceProblem.self) { try machine("second.key").initializeInstallationKey() }
        #expect(!FileManager.default.fileExists(atPath: folder.file("second.key")))
    }
}
