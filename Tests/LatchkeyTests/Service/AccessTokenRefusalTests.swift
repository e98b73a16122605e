import Foundation
import Logging
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// A refused access token is audited once per token per minute, with how many times it was
/// presented, so a flood of a revoked token cannot push an account's history out of view.
@Suite(.onEveryEngine, .tags(.postgres)) struct AccessTokenRefusalTests {
    let time = ManualTime(Date())
    let workers: LatchkeyWorkers
    let service: LatchkeyService
    let records = ServiceLoggingTests.Records()

    init() throws {
        workers = try Seeds.workers(time: time)
        let records = records
        service = LatchkeyService(
            workers: workers,
            logger: Logger(label: "test") { _ in ServiceLoggingTests.CapturingHandler(records: records) })
    }

    /// A token of alice's, revoked.
    private func revokedToken(name: String = "old") async throws -> String {
        let session: String
        if let signedIn = try? await service.signIn(username: "alice", password: Seeds.password).token {
            session = signedIn
        } else {
            _ = try await service.register(username: "alice", password: Seeds.password)
            session = try #require(try await service.signIn(username: "alice", password: Seeds.password).token)
        }
        let made = try await service.createAccessToken(token: session, name: name)
        _ = try await service.revokeAccessToken(token: session, id: made.summary.id)
        return made.token
    }

    /// The occurrences of each refusal event, oldest first.
    private func refusalEvents() throws -> [Int64] {
        try workers.database.read { db in
            try db.query("SELECT occurrences FROM auth_events WHERE kind = 'access_token_refused' ORDER BY id") {
                try $0.int64("occurrences")
            }
        }
    }

    private var refusalLines: [String] {
        records.all.map(\.1).filter { $0.contains("authenticate failed") || $0.contains("authorize failed") }
    }

    @Test("a thousand refusals of one token within a minute are one audit event, and a later one opens another")
    func refusalsWithinAMinuteAreOneEvent() async throws {
        let token = try await revokedToken()
        for _ in 0..<1_000 {
            #expect(await errorCode { try await service.authenticate(token: token) } == .notSignedIn)
        }
        #expect(try refusalEvents() == [1_000])
        #expect(refusalLines.count == 1)

        time.advance(by: .seconds(59))
        #expect(await errorCode { try await service.authorize(token: token, role: "admin") } == .notSignedIn)
        #expect(try refusalEvents() == [1_001])
        #expect(refusalLines.count == 1)

        time.advance(by: .seconds(1))
        #expect(await errorCode { try await service.authenticate(token: token) } == .notSignedIn)
        #expect(try refusalEvents() == [1_001, 1])
        // The next line says how many it stood for.
        #expect(refusalLines.count == 2)
        #expect(refusalLines.last?.contains("held_back=1000") == true)
        #expect(!records.all.contains { $0.1.contains(token) })

        // The history shows the event once, with its count.
        let session = try #require(try await service.signIn(username: "alice", password: Seeds.password).token)
        let refusals = try await service.history(token: session).filter { $0.kind == "access_token_refused" }
        #expect(refusals.map(\.count) == [1, 1_001])
        let spy = HistoryPresentationLogicSpy()
        HistoryInteractor(presenter: spy, workers: workers).fetchEvents(request: .init(token: SessionToken(session)))
        guard case .events(let events)? = spy.responses.first else {
            Issue.record("no events")
            return
        }
        #expect(
            HistoryPresenter.entry(events.last { $0.kind == .accessTokenRefused }!).description
                == "Access token refused: revoked, expired or account disabled (1001 times)")
    }

    @Test("each token's refusals are counted apart")
    func eachTokenIsCountedApart() async throws {
        let first = try await revokedToken(name: "first")
        let second = try await revokedToken(name: "second")
        for token in [first, second, first, first, second] {
            #expect(await errorCode { try await service.authenticate(token: token) } == .notSignedIn)
        }
        #expect(try refusalEvents() == [3, 2])
        #expect(refusalLines.count == 2)
    }

    @Test("refusals at once are all counted in one event")
    func concurrentRefusalsAreAllCounted() async throws {
        let token = try await revokedToken()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<64 {
                group.addTask { _ = await errorCode { try await service.authenticate(token: token) } }
            }
        }
        #expect(try refusalEvents() == [64])
    }
}
