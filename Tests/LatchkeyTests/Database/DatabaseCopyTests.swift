import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// `DatabaseCopy` between the engines, both ways (and SQLite to SQLite where no PostgreSQL server exists).
@Suite(.tags(.postgres)) struct DatabaseCopyTests {
    /// Source and target engines.
    static let pairs: [(TestEngine, TestEngine)] =
        TestEngine.available.count == 2 ? [(.sqlite, .postgresql), (.postgresql, .sqlite)] : [(.sqlite, .sqlite)]

    let time = ManualTime()
    let secret = InstallationSecret()

    private func workers(on engine: TestEngine) throws -> LatchkeyWorkers {
        LatchkeyWorkers(
            database: try DatabaseWorker(try engine.freshDatabase()),
            hasher: Argon2idHasher(parameters: .cheapestForTests), time: time, secret: secret)
    }

    /// A source with a user of every kind of row: sessions, roles, throttle, audit events, an access
    /// token carrying a role.
    private func populatedSource(on engine: TestEngine) throws -> (LatchkeyWorkers, SessionToken) {
        let source = try workers(on: engine)
        try Seeds.register(Seeds.alice, with: source)
        try Seeds.register(Seeds.bob, with: source)
        let token = try Seeds.login("alice", with: source)
        let spy = LoginPresentationLogicSpy()
        LoginInteractor(presenter: spy, workers: source).login(request: .init(username: "bob", password: "wrong"))
        try source.database.write { db in
            _ = try RoleStore().add(try RoleName("auditor"), userID: 1, in: db)
            _ = try AccessTokenStore().create(
                userID: 1, name: "ci", token: Self.accessToken, roles: ["auditor"], expiresAt: nil, now: Date(), in: db)
        }
        return (source, token)
    }

    private static let accessToken = AccessToken.make()

    private static func tables() throws -> [String] { try DatabaseSchema.ofThisBuild().tables.map(\.name) }

    private func counts(_ worker: DatabaseWorker) throws -> [Int] {
        let tables = try Self.tables()
        return try worker.read { db in
            try tables.map { table in
                Int(try db.queryFirst("SELECT count(*) AS n FROM \(table)") { try $0.int64("n") } ?? 0)
            }
        }
    }

    @Test(arguments: pairs)
    func everyRowMovesAndSessionsStaySignedIn(from: TestEngine, to: TestEngine) throws {
        let (source, token) = try populatedSource(on: from)
        let target = try workers(on: to)
        var reports: [DatabaseCopy.Progress] = []
        let copied = try DatabaseCopy.copy(from: source.database, to: target.database) { reports.append($0) }
        #expect(copied.map(\.table) == (try Self.tables()))
        #expect(copied.map(\.rows) == (try counts(source.database)))
        #expect(try counts(target.database) == (try counts(source.database)))
        #expect(reports.last.map { $0.allCopied == $0.allTotal } == true)
        #expect(try dumpEveryTable(target.database) == (try dumpEveryTable(source.database)))
        // The session token signs in on the target, with the roles copied.
        let spy = WhoAmIPresentationLogicSpy()
        WhoAmIInteractor(presenter: spy, workers: target).fetchProfile(request: .init(token: token))
        let (user, _) = try #require(spy.responses.last?.signedIn)
        #expect(user.username == "alice")
        #expect(user.roles == ["auditor"])
        #expect(try target.authenticate(Self.accessToken, from: nil, now: Date()).user.roles == ["auditor"])
        // New rows get ids past the copied ones.
        let carol = try Seeds.register(
            .init(username: "carol", password: "another long enough passphrase"), with: target)
        #expect(carol.id == 3)
        let second = try target.database.write { db in
            try AccessTokenStore().create(
                userID: 1, name: "second", token: AccessToken.make(), roles: [], expiresAt: nil, now: Date(), in: db)
        }
        #expect(second.id == 2)
    }

    @Test(arguments: pairs)
    func aTargetHoldingLatchkeyDataIsRefusedAndLeftAsItWas(from: TestEngine, to: TestEngine) throws {
        let (source, _) = try populatedSource(on: from)
        let target = try workers(on: to)
        try Seeds.register(Seeds.bob, with: target)
        let before = try dumpEveryTable(target.database)
        #expect(throws: DatabaseCopyError.targetNotEmpty(table: "users", rows: 1)) {
            try DatabaseCopy.copy(from: source.database, to: target.database)
        }
        #expect(try dumpEveryTable(target.database) == before)
    }

    @Test(arguments: pairs)
    func aFailureHalfWayLeavesTheTargetEmpty(from: TestEngine, to: TestEngine) throws {
        let (source, _) = try populatedSource(on: from)
        let target = try workers(on: to)
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try DatabaseCopy.copy(from: source.database, to: target.database) { progress in
                if progress.table == "auth_events" { throw Stop() }
            }
        }
        #expect(try counts(target.database).allSatisfy { $0 == 0 })
    }

    @Test("A copy SQLite → PostgreSQL → SQLite keeps every column of every table")
    func aRoundTripKeepsEveryColumnOfEveryTable() throws {
        let first = try DatabaseWorker(.inMemory)
        try EveryColumnRows.insert(into: first)
        // Fails when a migration adds a table or a column the rows leave empty: the dumps below
        // would not show the copy leaving it out.
        try EveryColumnRows.check(first)
        let middle = try DatabaseWorker(try (TestEngine.available.last ?? .sqlite).freshDatabase())
        let last = try DatabaseWorker(.inMemory)
        _ = try DatabaseCopy.copy(from: first, to: middle)
        _ = try DatabaseCopy.copy(from: middle, to: last)
        #expect(try dumpEveryTable(middle) == (try dumpEveryTable(first)))
        #expect(try dumpEveryTable(last) == (try dumpEveryTable(first)))
    }

    /// Schema changes a crafted source could carry; the old copy built its INSERT from the source's
    /// `SELECT *`, so a column named with SQL ran that SQL on the target.
    static let craftedSources: [(TestEngine, String)] = TestEngine.available.flatMap { engine in
        [
            "ALTER TABLE user_roles ADD COLUMN \"role) SELECT 1, current_user --\" TEXT",
            "ALTER TABLE user_roles RENAME COLUMN role TO \"role) VALUES (1, 'x'); DROP TABLE users; --\"",
            "ALTER TABLE user_roles ADD COLUMN note TEXT",
        ].map { (engine, $0) }
    }

    @Test(arguments: craftedSources)
    func aSourceWhoseColumnsDifferIsRefusedBeforeAnythingIsWritten(from: TestEngine, change: String) throws {
        let (source, _) = try populatedSource(on: from)
        try source.database.write { db in try db.connection.executeScript(change) }
        let target = try workers(on: TestEngine.available.last ?? .sqlite)
        let before = try dumpEveryTable(target.database)
        #expect(
            throws: DatabaseCopyError.schemaMismatch(
                "table user_roles of the source is not what this version expects")
        ) {
            try DatabaseCopy.copy(from: source.database, to: target.database)
        }
        #expect(try dumpEveryTable(target.database) == before)
    }
}

extension DatabaseCopyTests {
    @Test("A source holding a table this version does not know is refused", arguments: TestEngine.available)
    func aSourceWithAnUnknownTableIsRefused(from: TestEngine) throws {
        let (source, _) = try populatedSource(on: from)
        try source.database.write { db in try db.connection.executeScript("CREATE TABLE notes (body TEXT)") }
        let target = try workers(on: TestEngine.available.last ?? .sqlite)
        #expect(throws: DatabaseCopyError.schemaMismatch("the source has tables this version does not know")) {
            try DatabaseCopy.copy(from: source.database, to: target.database)
        }
        #expect(try counts(target.database).allSatisfy { $0 == 0 })
    }
}
