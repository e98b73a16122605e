import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// One rule for when a session ends (`SessionInfo.expiresIfUnused` and `expiresAt`): every answer that
/// shows a session says the same two dates, and the session gate refuses the session at the first.
@Suite(.onEveryEngine) struct SessionExpiryTests {
    let time = ManualTime()
    let day: TimeInterval = 24 * 3600

    private func service(_ policy: SecurityPolicy = SecurityPolicy()) throws -> LatchkeyService {
        LatchkeyService(workers: try Seeds.workers(time: time, policy: policy))
    }

    @Test("the sign-in, the sessions list, whoami and an administrator report the same two dates for one session")
    func everyAnswerReportsTheSameEnds() async throws {
        let service = try service()
        _ = try await service.register(username: "alice", password: Seeds.password)
        let start = time.now()
        let signedIn = try #require(try await service.signIn(username: "alice", password: Seeds.password).principal)
        let token = try #require(try await service.signIn(username: "alice", password: Seeds.password).token)
        let listed = try #require(try await service.sessions(token: token).first { !$0.current })
        let whoami = try await service.authenticate(token: token)

        #expect(signedIn.sessionExpiresIfUnused == start.addingTimeInterval(7 * day))
        #expect(signedIn.sessionExpires == start.addingTimeInterval(30 * day))
        #expect(listed.expiresIfUnused == signedIn.sessionExpiresIfUnused)
        #expect(listed.expiresAtLatest == signedIn.sessionExpires)
        #expect(listed.expires == listed.expiresIfUnused)
        #expect(whoami.sessionExpiresIfUnused == signedIn.sessionExpiresIfUnused)
        #expect(whoami.sessionExpires == signedIn.sessionExpires)

        let admin = AdminPresentationLogicSpy()
        AdminInteractor(presenter: admin, workers: service.workers).act(
            request: .init(
                username: "alice", action: .roles(add: [Admin.role], remove: []), actor: .init(osUser: "root")))
        let detail = try await service.user(token: token, username: "alice")
        #expect(detail.sessions.map(\.expiresIfUnused) == [listed.expiresIfUnused, listed.expiresIfUnused])
        #expect(detail.sessions.map(\.expiresAtLatest) == [listed.expiresAtLatest, listed.expiresAtLatest])
    }

    @Test func nearItsAbsoluteEndASessionEndsThenHoweverRecentlyUsed() async throws {
        let service = try service(SecurityPolicy(sessionLifetime: .seconds(10 * 24 * 3600)))
        _ = try await service.register(username: "alice", password: Seeds.password)
        let start = time.now()
        let token = try #require(try await service.signIn(username: "alice", password: Seeds.password).token)
        time.advance(by: .seconds(6 * 24 * 3600))
        _ = try await service.authenticate(token: token)
        let used = try await service.authenticate(token: token)
        #expect(used.sessionExpiresIfUnused == start.addingTimeInterval(10 * day))
        #expect(used.sessionExpires == used.sessionExpiresIfUnused)
        time.advance(by: .seconds(4 * 24 * 3600 - 1))
        #expect(try await service.authenticate(token: token).username == "alice")
        time.advance(by: .seconds(1))
        await #expect(throws: LatchkeyError.self) { try await service.authenticate(token: token) }
    }

    @Test func anUnusedSessionEndsExactlyWhenItsListingSaid() async throws {
        let service = try service()
        _ = try await service.register(username: "alice", password: Seeds.password)
        let kept = try #require(try await service.signIn(username: "alice", password: Seeds.password).token)
        let idle = try await service.signIn(username: "alice", password: Seeds.password)
        let idleToken = try #require(idle.token)
        let end = try #require(idle.principal?.sessionExpiresIfUnused)
        #expect(try await service.sessions(token: kept).map(\.expiresIfUnused) == [end, end])

        time.advance(by: .seconds(7 * 24 * 3600 - 1))
        _ = try await service.authenticate(token: kept)
        // The use just recorded moves the kept session's end; the idle one's stays where it was said.
        #expect(
            try await service.authenticate(token: kept).sessionExpiresIfUnused == time.now().addingTimeInterval(7 * day)
        )
        #expect(try await service.sessions(token: kept).first { !$0.current }?.expiresIfUnused == end)
        time.advance(by: .seconds(1))
        #expect(time.now() == end)
        #expect(try await service.sessions(token: kept).count == 1)
        await #expect(throws: LatchkeyError.self) { try await service.authenticate(token: idleToken) }
    }
}
