import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// The four scenes in one cycle through `SceneFactory`, as a display drives them.
@Suite(.onEveryEngine, .tags(.postgres)) struct EndToEndTests {
    private func cycle(on location: DatabaseLocation) throws -> (DisplayLogicSpy, LatchkeyWorkers, SessionToken?) {
        let workers = LatchkeyWorkers(
            database: try DatabaseWorker(location), hasher: Argon2idHasher(parameters: .cheapestForTests))
        let factory = SceneFactory(workers: workers)
        let display = DisplayLogicSpy()
        factory.makeRegisterScene(display: display).interactor.register(request: Seeds.alice)
        factory.makeLoginScene(display: display).interactor.login(
            request: .init(username: "alice", password: Seeds.password))
        guard let token = display.logins.last?.shown?.token.flatMap(SessionToken.init) else {
            return (display, workers, nil)
        }
        factory.makeWhoAmIScene(display: display).interactor.fetchProfile(request: .init(token: token))
        factory.makeLogoutScene(display: display).interactor.logout(request: .init(token: token))
        factory.makeWhoAmIScene(display: display).interactor.fetchProfile(request: .init(token: token))
        return (display, workers, token)
    }

    private func checkCycle(_ display: DisplayLogicSpy) {
        guard display.registrations.first?.shown != nil, let profile = display.profiles.first?.shown else {
            Issue.record("the cycle broke: \(display.registrations) \(display.logins) \(display.profiles)")
            return
        }
        #expect(profile.phone == "+7 (•••) •••-••-33")
        #expect(display.logouts == [.success(1)])
        #expect(display.profiles.last == .failure(LatchkeyError.notSignedIn))
    }

    @Test func registerLoginWhoAmIAndLogoutWorkInMemory() throws {
        checkCycle(try cycle(on: try TestEngine.current.freshDatabase()).0)
    }

    @Test func registerLoginWhoAmIAndLogoutWorkOnAFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("latchkey.sqlite3")
        let (display, _, token) = try cycle(on: .file(path: path))
        checkCycle(display)
        // The raw bytes of the file and its log hold neither secret.
        let bytes = [path, path + "-wal"].compactMap { FileManager.default.contents(atPath: $0) }.reduce(Data(), +)
        #expect(bytes.count > 0)
        #expect(bytes.range(of: Data(try #require(token).secret.utf8)) == nil)
        #expect(bytes.range(of: Data(Seeds.password.utf8)) == nil)
    }

    @Test func theDatabaseNeverHoldsATokenOrPasswordInClear() throws {
        let (_, workers, token) = try cycle(on: try TestEngine.current.freshDatabase())
        let secret = try #require(token).secret
        let dump = try dumpEveryTable(workers.database)
        #expect(dump.contains(Hex.encode(try #require(token).hash)))
        #expect(!dump.contains(secret))
        #expect(!dump.contains(secret.dropFirst(3)))
        #expect(!dump.contains(Seeds.password))
    }
}
