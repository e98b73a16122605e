import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// Each way of signing in records its authentication methods (RFC 8176 `amr`) with the session, and
/// the session's principal shows them: at sign-in, and to every later whoami; on both engines.
@Suite(.onEveryEngine, .tags(.postgres)) struct LoginMethodsTests {
    let time = ManualTime()
    let workers: LatchkeyWorkers
    let service: LatchkeyService
    let ceremony: PasskeyCeremony
    let password = Seeds.password

    init() throws {
        workers = PasskeyCeremony.enable(try Seeds.workers(time: time))
        service = LatchkeyService(workers: workers)
        ceremony = PasskeyCeremony(service: service)
    }

    /// What the sign-in answered and what whoami on its token answers: always the same.
    private func methods(of result: SignInResult) async throws -> [String] {
        let token = try #require(result.token, "not signed in: \(result)")
        let shown = try #require(result.principal).amr
        #expect(try await service.authenticate(token: token).amr == shown)
        return shown
    }

    /// Turns the second factor on for the user of `token`; answers the app and the recovery codes.
    private func secondFactor(_ token: String) async throws -> (Authenticator, [String]) {
        let enrolled = try await service.secondFactor(token: token, .enroll(password: password))
        let app = Authenticator(base32: try #require(enrolled.secret))
        let confirmed = try await service.secondFactor(token: token, .confirm(code: app.code(at: time.now())))
        // The confirming code's time step is spent: the next code comes from the next one.
        time.advance(by: .seconds(30))
        return (app, try #require(confirmed.recoveryCodes))
    }

    /// A sign-in of alice with the password, answered with a challenge, completed with `code`.
    private func signIn(completedWith code: String) async throws -> SignInResult {
        let first = try await service.signIn(username: "alice", password: password)
        #expect(first.token == nil)
        return try await service.completeSignIn(challenge: try #require(first.challenge), code: code)
    }

    /// A passkey: its authenticator and the user handle it was enrolled with.
    private typealias Passkey = (authenticator: TestAuthenticator, handle: [UInt8])

    /// Alice signed in with her password, with a passkey enrolled: her token, and the passkey.
    private func enrolledPasskey() async throws -> (token: String, passkey: Passkey) {
        let token = try await service.signedIn("alice")
        let authenticator = try TestAuthenticator(.es256)
        return (token, (authenticator, try await ceremony.enrol(authenticator, token: token)))
    }

    /// A sign-in with `passkey`, its counter at `signCount`, `flags` 0x05 (user verified) or 0x01
    /// (present only).
    private func signIn(_ passkey: Passkey, signCount: UInt32 = 1, flags: UInt8 = 0x05) async throws -> SignInResult {
        try await ceremony.signIn(passkey.authenticator, handle: passkey.handle, signCount: signCount, flags: flags)
    }

    @Test("a password sign-in records pwd")
    func passwordSignIn() async throws {
        _ = try await service.register(username: "alice", password: password)
        #expect(try await methods(of: try await service.signIn(username: "alice", password: password)) == ["pwd"])
    }

    @Test("a password and an authenticator code record pwd, otp and mfa")
    func passwordAndCodeSignIn() async throws {
        let token = try await service.signedIn("alice")
        let (app, _) = try await secondFactor(token)
        let result = try await signIn(completedWith: app.code(at: time.now()))
        #expect(try await methods(of: result) == ["pwd", "otp", "mfa"])
    }

    @Test("a password and a recovery code record pwd, rcv and mfa")
    func passwordAndRecoveryCode() async throws {
        let token = try await service.signedIn("alice")
        let (_, codes) = try await secondFactor(token)
        let result = try await signIn(completedWith: try #require(codes.first))
        #expect(try await methods(of: result) == ["pwd", "rcv", "mfa"])
    }

    @Test("a passkey that verified its user records hwk, user and mfa, with a second factor on and without")
    func passkeyWithUserVerification() async throws {
        let (token, passkey) = try await enrolledPasskey()
        let alone = try await signIn(passkey, signCount: 1)
        #expect(try await methods(of: alone) == ["hwk", "user", "mfa"])
        _ = try await secondFactor(token)
        let withFactorOn = try await signIn(passkey, signCount: 2)
        #expect(withFactorOn.challenge == nil)
        #expect(try await methods(of: withFactorOn) == ["hwk", "user", "mfa"])
    }

    @Test("a synced (backed-up) passkey records swk, not hwk, with or without user verification")
    func syncedPasskey() async throws {
        let token = try await service.signedIn("alice")
        let authenticator = try TestAuthenticator(.es256)
        // Backup eligible and backed up (0x08 | 0x10), user verified or present only.
        let handle = try await ceremony.enrol(authenticator, token: token, flags: 0x1D)
        let verified = try await ceremony.signIn(authenticator, handle: handle, signCount: 1, flags: 0x1D)
        #expect(try await methods(of: verified) == ["swk", "user", "mfa"])
        let (app, _) = try await secondFactor(token)
        let present = try await ceremony.signIn(authenticator, handle: handle, signCount: 2, flags: 0x19)
        let completed = try await service.completeSignIn(
            challenge: try #require(present.challenge), code: app.code(at: time.now()))
        #expect(try await methods(of: completed) == ["swk", "user", "otp", "mfa"])
    }

    @Test("a passkey with presence only records hwk and user, and no mfa")
    func passkeyWithPresenceOnly() async throws {
        let (_, passkey) = try await enrolledPasskey()
        let result = try await signIn(passkey, flags: 0x01)
        #expect(try await methods(of: result) == ["hwk", "user"])
    }

    @Test("a passkey with presence only completed by a code records hwk, user, otp and mfa")
    func passkeyWithPresenceOnlyAndCode() async throws {
        let (token, passkey) = try await enrolledPasskey()
        let (app, codes) = try await secondFactor(token)
        let first = try await signIn(passkey, signCount: 1, flags: 0x01)
        let completed = try await service.completeSignIn(
            challenge: try #require(first.challenge), code: app.code(at: time.now()))
        #expect(try await methods(of: completed) == ["hwk", "user", "otp", "mfa"])
        let again = try await signIn(passkey, signCount: 2, flags: 0x01)
        let recovered = try await service.completeSignIn(
            challenge: try #require(again.challenge), code: try #require(codes.first))
        #expect(try await methods(of: recovered) == ["hwk", "user", "rcv", "mfa"])
    }

    @Test("a challenge whose second factor was turned off meanwhile records the first factor alone")
    func factorTurnedOffBeforeTheCode() async throws {
        let token = try await service.signedIn("alice")
        let (app, _) = try await secondFactor(token)
        let first = try await service.signIn(username: "alice", password: password)
        _ = try await service.secondFactor(token: token, .disable(password: password, code: app.code(at: time.now())))
        let completed = try await service.completeSignIn(challenge: try #require(first.challenge), code: "000000")
        #expect(try await methods(of: completed) == ["pwd"])
    }

    @Test("registering opens no session, so its answer names no methods")
    func registration() async throws {
        let registered = try await service.register(username: "alice", password: password)
        #expect(registered.amr.isEmpty && registered.session == nil)
    }

    @Test("a session opened before methods were recorded shows none")
    func olderSession() async throws {
        let token = try await service.signedIn("alice")
        try workers.database.write { db in try db.execute("UPDATE sessions SET amr = NULL") }
        let principal = try await service.authenticate(token: token)
        #expect(principal.amr == [] && principal.session != nil)
    }

    @Test("the column refuses text that is not space-separated lowercase values")
    func theColumnIsBounded() throws {
        let user = try Seeds.register(Seeds.alice, with: workers)
        func insert(_ amr: String, _ index: Int) throws {
            try workers.database.write { db in
                try db.execute(
                    """
                    INSERT INTO sessions (user_id, token_hash, created_at, expires_at, last_used_at, amr)
                    VALUES (?, ?, 0, 1, 0, ?)
                    """, [user.id, Array(repeating: UInt8(index), count: 32), amr])
            }
        }
        try insert("hwk user otp mfa", 0)
        let bad = ["", "PWD", "pwd,otp", " pwd", "pwd ", "pwd  otp", "pwd\notp", String(repeating: "a", count: 65)]
        for (index, text) in bad.enumerated() {
            let error = #expect(throws: DatabaseError.self, "\(text.debugDescription)") { try insert(text, index + 1) }
            #expect(error?.constraint == .check, "\(text.debugDescription)")
        }
    }
}
