import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// The async service as a server uses it: plain values and stable error codes, work on the lanes,
/// `overloaded` at once when the hashing lane is full, and session checks that never wait behind a hash.
@Suite(.onEveryEngine, .tags(.postgres)) struct LatchkeyServiceTests {
    let password = Seeds.password

    /// The code of the `LatchkeyError` `body` throws, or nil when it throws none.

    @Test func aServerRegistersSignsInAuthenticatesAuthorizesAndSignsOut() async throws {
        let service = LatchkeyService(workers: try Seeds.workers())
        let account = try await service.register(username: "alice", password: password)
        #expect(account.username == "alice" && account.session == nil)

        let signedIn = try await service.signIn(username: "alice", password: password, label: "web")
        #expect(signedIn.status == .signedIn)
        let token = try #require(signedIn.token)
        #expect(signedIn.principal?.userID == account.userID)

        let principal = try await service.authenticate(token: token)
        #expect(principal.username == "alice")
        #expect(principal.session == signedIn.principal?.session && principal.session?.count == 8)
        #expect(await errorCode { try await service.authorize(token: token, role: "admin") } == .forbidden)

        #expect(try await service.signOut(token: token) == 1)
        #expect(await errorCode { try await service.authenticate(token: token) } == .notSignedIn)
        #expect(try await service.signOut(token: token) == 0)
        #expect(await errorCode { try await service.authenticate(token: "not a token") } == .notSignedIn)
    }

    @Test func failuresCarryStableCodesAndThePresentersWords() async throws {
        let service = LatchkeyService(workers: try Seeds.workers())
        _ = try await service.register(username: "alice", password: password)
        #expect(await errorCode { try await service.register(username: "alice", password: password) } == .usernameTaken)
        #expect(await errorCode { try await service.register(username: "bob", password: "short") } == .weakPassword)
        #expect(await errorCode { try await service.register(username: "b o b", password: password) } == .invalidInput)
        do {
            _ = try await service.signIn(username: "alice", password: "not the password at all")
            Issue.record("signed in with a wrong password")
        } catch {
            #expect(error == LatchkeyError(code: .invalidCredentials, message: "Invalid username or password."))
        }
        // An unknown name gets the same answer as a wrong password.
        #expect(
            await errorCode { try await service.signIn(username: "nobody", password: password) } == .invalidCredentials)
        for _ in 0..<5 {
            _ = await errorCode { try await service.signIn(username: "alice", password: "wrong wrong wrong") }
        }
        #expect(await errorCode { try await service.signIn(username: "alice", password: password) } == .throttled)
    }

    @Test func theSignedInUserManagesTheirPasswordSessionsAndHistory() async throws {
        let service = LatchkeyService(workers: try Seeds.workers())
        _ = try await service.register(username: "alice", password: password)
        var tokens: [String] = []
        for label in ["laptop", "phone", "tablet"] {
            tokens.append(
                try #require(try await service.signIn(username: "alice", password: password, label: label).token))
        }
        let listed = try await service.sessions(token: tokens[0])
        #expect(Set(listed.compactMap(\.label)) == ["laptop", "phone", "tablet"])
        #expect(listed.filter(\.current).map(\.label) == ["laptop"])
        let phone = try #require(listed.first { $0.label == "phone" })
        #expect(try await service.revokeSession(token: tokens[0], id: phone.id) == false)
        #expect(await errorCode { try await service.revokeSession(token: tokens[0], id: "0000ffff") } == .invalidInput)
        #expect(await errorCode { try await service.authenticate(token: tokens[1]) } == .notSignedIn)

        let new = "a brand new passphrase, all mine"
        #expect(
            await errorCode {
                try await service.changePassword(token: tokens[0], current: "wrong wrong wrong", new: new)
            }
                == .invalidCredentials)
        #expect(
            await errorCode { try await service.changePassword(token: tokens[0], current: password, new: "short") }
                == .weakPassword)
        #expect(try await service.changePassword(token: tokens[0], current: password, new: new).otherSessionsEnded == 1)
        #expect(await errorCode { try await service.authenticate(token: tokens[2]) } == .notSignedIn)
        #expect(try await service.signOutOthers(token: tokens[0]) == 0)

        let history = try await service.history(token: tokens[0], limit: 20)
        // Newest first: signing out the others, the change (which ends the others too), then the rest.
        #expect(Array(history.map(\.kind).prefix(3)) == ["sessions_revoked", "sessions_revoked", "password_changed"])
        #expect(
            Set(history.map(\.kind)).isSuperset(of: [
                "password_change_failed", "session_revoked", "login_succeeded", "registered",
            ]))
        #expect(try await service.history(token: tokens[0], limit: 1).count == 1)
        #expect(history.allSatisfy { !$0.byAdministrator })
    }

    @Test func theClientsAddressAndAgentAreShownOnItsSessionAndInTheHistory() async throws {
        let service = LatchkeyService(workers: try Seeds.workers())
        _ = try await service.register(username: "alice", password: password)
        let browser = try ClientContext(address: "2001:db8::7", userAgent: "Mozilla/5.0 (X11; Linux x86_64)")
        _ = await errorCode {
            try await service.signIn(username: "alice", password: "not the password at all", client: browser)
        }
        let token = try #require(try await service.signIn(username: "alice", password: password, client: browser).token)
        let sessions = try await service.sessions(token: token)
        #expect(sessions.map(\.address) == ["2001:db8::7"])
        #expect(sessions.map(\.userAgent) == ["Mozilla/5.0 (X11; Linux x86_64)"])
        let history = try await service.history(token: token)
        #expect(history.map(\.kind) == ["login_succeeded", "login_failed", "registered"])
        #expect(history.map(\.address) == ["2001:db8::7", "2001:db8::7", nil])
        let encoded = String(decoding: try JSONEncoder().encode(sessions[0]), as: UTF8.self)
        #expect(encoded.contains(#""user_agent":"Mozilla\/5.0 (X11; Linux x86_64)""#), "\(encoded)")
    }

    @Test func aSecondFactorIsEnrolledConfirmedAskedForAtSignInAndTurnedOff() async throws {
        let time = ManualTime()
        let service = LatchkeyService(workers: try Seeds.workers(time: time))
        _ = try await service.register(username: "alice", password: password)
        let token = try #require(try await service.signIn(username: "alice", password: password).token)

        let pending = try await service.secondFactor(token: token, .enroll(password: password))
        #expect(pending.status == .pending)
        #expect(pending.uri?.hasPrefix("otpauth://totp/") == true)
        let app = Authenticator(base32: try #require(pending.secret))
        #expect(
            await errorCode { try await service.secondFactor(token: token, .confirm(code: "000000")) }
                == .invalidCredentials)
        let enabled = try await service.secondFactor(token: token, .confirm(code: app.code(at: time.now())))
        let recovery = try #require(enabled.recoveryCodes)
        #expect(enabled.status == .enabled && recovery.count == 10)

        let first = try await service.signIn(username: "alice", password: password)
        #expect(first.status == .secondFactorRequired && first.token == nil)
        let challenge = try #require(first.challenge)
        time.advance(by: .seconds(30))
        let completed = try await service.completeSignIn(challenge: challenge, code: app.code(at: time.now()))
        #expect(completed.status == .signedIn && completed.token != nil)

        let off = try await service.secondFactor(token: token, .disable(password: password, code: recovery[0]))
        #expect(off.status == .disabled)
        #expect(
            await errorCode {
                try await service.secondFactor(token: token, .disable(password: password, code: recovery[1]))
            }
                == .invalidInput)
    }

    /// The caller goes away while its sign-in's Argon2id runs: the hash finishes, the session it
    /// opened is ended before the call returns, and nothing is half-written.
    @Test func aSignInCancelledMidHashLeavesNoLiveSession() async throws {
        let plain = try Seeds.workers()
        try Seeds.register(Seeds.alice, with: plain)
        let gated = GatedHasher()
        let workers = LatchkeyWorkers(
            database: plain.database, hasher: gated, time: plain.time, policy: plain.policy, secret: plain.secret)
        let service = LatchkeyService(workers: workers)
        let signIn = Task { try await service.signIn(username: "alice", password: password) }
        await Task.detached { gated.waitUntilHeld() }.value
        signIn.cancel()
        gated.open()
        await #expect(throws: LatchkeyError.self) { try await signIn.value }
        let live = try plain.database.read { db in
            try db.queryFirst("SELECT count(*) AS n FROM sessions WHERE revoked_at IS NULL") { try $0.int64("n") }
        }
        #expect(live == 0)
        let all = try plain.database.read { db in
            try db.queryFirst("SELECT count(*) AS n FROM sessions") { try $0.int64("n") }
        }
        #expect(all == 1, "the sign-in did complete; its session was then ended")
    }

    @Test func errorsEncodeAsTheirStableCode() throws {
        let encoded = try JSONEncoder().encode(LatchkeyError(code: .overloaded, message: "Try again shortly."))
        let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: String])
        #expect(object == ["code": "overloaded", "message": "Try again shortly."])
    }

    /// One hashing thread held in a sign-in, one sign-in waiting: the next is refused at once, and
    /// a session check still answers while the hash is held.
    @Test func aFullHashingLaneAnswersOverloadedAndSessionChecksDoNotWaitBehindIt() async throws {
        let plain = try Seeds.workers()
        try Seeds.register(Seeds.alice, with: plain)
        let token = try Seeds.login("alice", with: plain)
        // The same database, with a hasher whose first verify waits for the test.
        let gated = GatedHasher()
        let workers = LatchkeyWorkers(
            database: plain.database, hasher: gated, time: plain.time, policy: plain.policy, secret: plain.secret)
        let service = LatchkeyService(
            workers: workers, lanes: .init(hashingThreads: 1, hashingQueueDepth: 1, databaseThreads: 2))

        let held = Task { try await service.signIn(username: "alice", password: password) }
        await Task.detached { gated.waitUntilHeld() }.value
        let queued = Task { try await service.signIn(username: "alice", password: password) }
        let limit = ContinuousClock.now + .seconds(10)
        while service.signInsWaiting < 1 && ContinuousClock.now < limit { await Task.yield() }
        #expect(service.signInsWaiting == 1)
        #expect(service.signInsHashing == 1)
        #expect(await errorCode { try await service.signIn(username: "alice", password: password) } == .overloaded)
        // The hash is still held: a session check answers anyway.
        #expect(try await service.authenticate(token: token.secret).username == "alice")

        gated.open()
        #expect(try await held.value.status == .signedIn)
        #expect(try await queued.value.status == .signedIn)
    }
}

@Suite struct ServiceResultEncodingTests {
    @Test func absentValuesAreEncodedAsNullSoEveryKeyIsAlwaysThere() async throws {
        let service = LatchkeyService(workers: try Seeds.workers())
        let principal = try await service.register(username: "alice", password: Seeds.password)
        let json = try #require(
            try JSONSerialization.jsonObject(with: try JSONEncoder().encode(principal)) as? [String: Any])
        #expect(
            Set(json.keys) == [
                "user_id", "username", "display_name", "email", "email_verified", "pending_email", "phone",
                "member_since",
                "last_sign_in", "roles", "second_factor", "recovery_codes_left", "credential", "session",
                "session_expires", "session_expires_if_unused", "amr", "access_token",
            ])
        #expect(json["display_name"] is NSNull && json["last_sign_in"] is NSNull)
        #expect(json["session"] is NSNull && json["session_expires_if_unused"] is NSNull)
        #expect(json["access_token"] is NSNull)
        // No session read: no methods, as an empty list (never null).
        #expect(json["amr"] as? [String] == [])
        #expect(json["credential"] as? String == "session")
    }
}
