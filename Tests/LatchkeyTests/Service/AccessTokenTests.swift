import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// Personal access tokens through the service: made by a session, scoped to the roles the user
/// still holds, refused when mistyped, revoked, expired or their user disabled, and never able to
/// manage the account.
@Suite(.onEveryEngine, .tags(.postgres)) struct AccessTokenTests {
    let time = ManualTime(Date())
    let workers: LatchkeyWorkers
    let service: LatchkeyService

    init() throws {
        workers = try Seeds.workers(time: time)
        service = LatchkeyService(workers: workers)
    }

    /// Registers `name` with `roles` (granted as an operator would) and signs in: the session token.
    private func signedIn(_ name: String = "alice", roles: [String] = []) async throws -> String {
        _ = try await service.register(username: name, password: Seeds.password)
        if !roles.isEmpty { grant(name, add: roles) }
        return try #require(try await service.signIn(username: name, password: Seeds.password).token)
    }

    private func grant(_ name: String, add: [String] = [], remove: [String] = []) {
        AdminInteractor(presenter: AdminPresentationLogicSpy(), workers: workers).act(
            request: .init(username: name, action: .roles(add: add, remove: remove), actor: .init(osUser: "root")))
    }

    @Test func aTokenIsShownOnceCarriesAChecksumAndIsStoredOnlyAsAHash() async throws {
        let session = try await signedIn()
        let made = try await service.createAccessToken(token: session, name: "deploy script")
        #expect(made.token.hasPrefix("lkp_"))
        #expect(made.token.utf8.count == AccessToken.textLength)
        #expect(AccessToken(made.token) != nil)
        #expect(made.summary.name == "deploy script")
        // One character changed: the checksum refuses it before any read.
        var typo = Array(made.token)
        typo[10] = typo[10] == "a" ? "b" : "a"
        #expect(AccessToken(String(typo)) == nil)
        let roundTrips = workers.database.roundTrips
        #expect(await errorCode { try await service.authenticate(token: String(typo)) } == .notSignedIn)
        // On PostgreSQL the worker counts its round trips: the mistyped token cost none.
        #expect(workers.database.roundTrips == roundTrips)
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(!(try dumpEveryTable(workers.database)).contains(made.token))
        #expect(!(try dumpEveryTable(workers.database)).contains(String(made.token.dropFirst(4))))
    }

    @Test func aTokenMayUseOnlyTheRolesItCarriesThatItsUserStillHolds() async throws {
        let session = try await signedIn(roles: ["admin", "deploy"])
        let made = try await service.createAccessToken(token: session, name: "ci", roles: ["deploy"])
        #expect(made.summary.roles == ["deploy"])

        let principal = try await service.authenticate(token: made.token)
        #expect(principal.username == "alice")
        #expect(principal.credential == .accessToken)
        #expect(principal.accessToken == made.summary.id)
        #expect(principal.roles == ["deploy"])
        #expect(principal.session == nil)
        #expect(try await service.authorize(token: made.token, role: "deploy").credential == .accessToken)
        #expect(await errorCode { try await service.authorize(token: made.token, role: "admin") } == .forbidden)

        // Taking the role from the user takes it from every token at once.
        grant("alice", remove: ["deploy"])
        #expect(try await service.authenticate(token: made.token).roles == [])
        #expect(await errorCode { try await service.authorize(token: made.token, role: "deploy") } == .forbidden)
    }

    @Test func aTokenCannotManageTokensThePasswordTheSecondFactorOrSessions() async throws {
        let session = try await signedIn()
        let token = try await service.createAccessToken(token: session, name: "script").token
        let refusals: [LatchkeyError.Code?] = [
            await errorCode { try await service.createAccessToken(token: token, name: "another") },
            await errorCode { try await service.accessTokens(token: token) },
            await errorCode { try await service.revokeAccessToken(token: token, id: "00000000") },
            await errorCode { try await service.changePassword(token: token, current: Seeds.password, new: "x y z w") },
            await errorCode { try await service.secondFactor(token: token, .enroll(password: Seeds.password)) },
            await errorCode { try await service.sessions(token: token) },
            await errorCode { try await service.signOut(token: token, everywhere: true) },
        ]
        #expect(refusals == Array(repeating: .forbidden, count: refusals.count))
        #expect(try await service.accessTokens(token: session).count == 1)
    }

    @Test func creationRefusesRolesNotHeldBadNamesAndExpiriesBeyondThePolicy() async throws {
        let session = try await signedIn(roles: ["deploy"])
        func code(
            _ name: String, roles: [String] = [], _ expiry: AccessTokens.Expiry = .policyDefault
        ) async -> LatchkeyError.Code? {
            await errorCode {
                try await service.createAccessToken(token: session, name: name, roles: roles, expiry: expiry)
            }
        }
        #expect(await code("ci", roles: ["admin"]) == .forbidden)
        #expect(await code("ci", roles: ["Not A Role!"]) == .invalidInput)
        #expect(await code("") == .invalidInput)
        #expect(await code("   ") == .invalidInput)
        #expect(await code(String(repeating: "n", count: 65)) == .invalidInput)
        #expect(await code("evil\u{1b}[31m") == .invalidInput)
        #expect(await code("bidi\u{202E}txt") == .invalidInput)
        #expect(await code("ci", .never) == .invalidInput)
        #expect(await code("ci", .after(.seconds(400 * 86_400))) == .invalidInput)
        #expect(await code("ci", .after(.seconds(10))) == .invalidInput)
        // Nothing was made by any of those.
        #expect(try await service.accessTokens(token: session).isEmpty)

        let made = try await service.createAccessToken(token: session, name: "ci", roles: ["deploy", "deploy"])
        #expect(made.summary.roles == ["deploy"])
        let days = try #require(made.summary.expires).timeIntervalSince(made.summary.created) / 86_400
        #expect(days == 90)
    }

    @Test func whereThePolicySetsNoMaximumATokenMayNeverExpire() async throws {
        var policy = SecurityPolicy()
        policy.maximumAccessTokenLifetime = nil
        let workers = try Seeds.workers(time: time, policy: policy)
        let service = LatchkeyService(workers: workers)
        _ = try await service.register(username: "alice", password: Seeds.password)
        let session = try #require(try await service.signIn(username: "alice", password: Seeds.password).token)
        let made = try await service.createAccessToken(token: session, name: "forever", expiry: .never)
        #expect(made.summary.expires == nil)
        time.advance(by: .seconds(5 * 366 * 86_400))
        #expect(try await service.authenticate(token: made.token).username == "alice")
    }

    @Test func expiredRevokedAndDisabledUsersTokensAreRefusedAndAudited() async throws {
        let session = try await signedIn()
        let hourly = try await service.createAccessToken(token: session, name: "hourly", expiry: .after(.seconds(3600)))
        let revoked = try await service.createAccessToken(token: session, name: "old")
        let kept = try await service.createAccessToken(token: session, name: "kept")

        #expect(try await service.revokeAccessToken(token: session, id: revoked.summary.id).name == "old")
        #expect(await errorCode { try await service.authenticate(token: revoked.token) } == .notSignedIn)
        #expect(
            await errorCode { try await service.revokeAccessToken(token: session, id: revoked.summary.id) } == .notFound
        )

        time.advance(by: .seconds(3601))
        #expect(await errorCode { try await service.authenticate(token: hourly.token) } == .sessionExpired)
        #expect(try await service.accessTokens(token: session).map(\.name) == ["kept"])

        // Another user cannot see or revoke alice's token: its id is as unknown as a wrong one.
        let bob = try await signedIn("bob")
        #expect(try await service.accessTokens(token: bob).isEmpty)
        #expect(await errorCode { try await service.revokeAccessToken(token: bob, id: kept.summary.id) } == .notFound)
        #expect(try await service.authenticate(token: kept.token).username == "alice")

        // Disabling the account ends its tokens; enabling it again brings none back.
        try AccountAdministration(workers: workers).disable(username: "alice")
        #expect(await errorCode { try await service.authenticate(token: kept.token) } == .notSignedIn)
        AdminInteractor(presenter: AdminPresentationLogicSpy(), workers: workers).act(
            request: .init(username: "alice", action: .enable, actor: .init(osUser: "root")))
        #expect(await errorCode { try await service.authenticate(token: kept.token) } == .notSignedIn)

        let events = try workers.database.read { db in
            try db.query("SELECT kind, occurrences FROM auth_events WHERE username_key = 'alice' ORDER BY id") {
                (try $0.string("kind"), try $0.int64("occurrences"))
            }
        }
        #expect(events.filter { $0.0 == "access_token_created" }.count == 3)
        #expect(events.filter { $0.0 == "access_token_revoked" }.count == 1)
        // Four refusals of three tokens: the kept token's two, within a minute, are one event.
        #expect(events.filter { $0.0 == "access_token_refused" }.map(\.1) == [1, 1, 2])
    }

    @Test func aPasswordChangeThatKeepsTheTokensSaysHowManyStillWork() async throws {
        let session = try await signedIn()
        let made = try await service.createAccessToken(token: session, name: "ci")
        _ = try await service.createAccessToken(token: session, name: "backup")
        let spy = ChangePasswordPresentationLogicSpy()
        ChangePasswordInteractor(presenter: spy, workers: workers).changePassword(
            request: .init(
                token: SessionToken(session), currentPassword: Seeds.password, newPassword: Seeds.otherPassword,
                revokeTokens: false))
        #expect(spy.responses == [.changed(otherSessionsEnded: 0, accessTokensRevoked: 0, accessTokensKept: 2)])
        #expect(
            Presented.passwordChange(spy.responses[0])?.shown
                == PasswordChangeResult(otherSessionsEnded: 0, accessTokensRevoked: 0, accessTokensKept: 2))
        #expect(try await service.authenticate(token: made.token).username == "alice")
    }

    @Test func theListShowsWhenAndFromWhereEachTokenWasLastUsed() async throws {
        let session = try await signedIn()
        let made = try await service.createAccessToken(token: session, name: "ci")
        #expect(try await service.accessTokens(token: session).first?.lastUsed == nil)
        let client = try ClientContext(address: "2001:db8::7", userAgent: "deploy.sh/1.0")
        _ = try await service.authenticate(token: made.token, client: client)
        let listed = try #require(try await service.accessTokens(token: session).first)
        #expect(listed.lastUsed == time.now().roundedToSeconds)
        #expect(listed.lastUsedAddress == "2001:db8::7")
        #expect(listed.lastUsedUserAgent == "deploy.sh/1.0")
    }
}

extension Date {
    /// The date as the database keeps it: whole seconds.
    fileprivate var roundedToSeconds: Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down)) }
}
