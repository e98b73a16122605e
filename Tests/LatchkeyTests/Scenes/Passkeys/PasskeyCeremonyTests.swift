import Crypto
import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// Passkeys through the service, end to end with a software authenticator: enrol, sign in without a
/// username, and every refusal the ceremonies make, on both engines.
@Suite(.onEveryEngine, .tags(.postgres)) struct PasskeyCeremonyTests {
    let time = ManualTime()
    let workers: LatchkeyWorkers
    let service: LatchkeyService
    let password = Seeds.password

    init() throws {
        var workers = try Seeds.workers(time: time)
        workers.relyingParty = RelyingParty(id: TestAuthenticator.rpID, origins: [TestAuthenticator.origin])
        self.workers = workers
        service = LatchkeyService(workers: workers)
    }

    private func signedIn(_ name: String) async throws -> String {
        _ = try await service.register(username: name, password: password)
        return try #require(try await service.signIn(username: name, password: password).token)
    }

    private func json(_ object: [String: Any]) throws -> Data {
        try JSONSerialization.data(withJSONObject: object)
    }

    private func registrationJSON(_ response: PasskeyRegistrationResponse) throws -> Data {
        try json([
            "id": response.id, "rawId": response.rawId, "type": response.type,
            "response": [
                "clientDataJSON": response.response.clientDataJSON,
                "attestationObject": response.response.attestationObject, "transports": ["internal", "bogus"],
            ],
        ])
    }

    private func assertionJSON(_ response: PasskeyAuthenticationResponse) throws -> Data {
        var inner: [String: Any] = [
            "clientDataJSON": response.response.clientDataJSON,
            "authenticatorData": response.response.authenticatorData, "signature": response.response.signature,
        ]
        inner["userHandle"] = response.response.userHandle
        return try json(["id": response.id, "rawId": response.rawId, "type": response.type, "response": inner])
    }

    /// Enrols `authenticator` for the user of `token`; answers the user handle.
    @discardableResult
    private func enrol(_ authenticator: TestAuthenticator, token: String, name: String = "Laptop") async throws
        -> [UInt8]
    {
        let options = try await service.passkeyCreationOptions(token: token)
        let challenge = try #require(Base64.decodeURLSafe(options.challenge))
        let response = try authenticator.registration(challenge: challenge)
        _ = try await service.registerPasskey(token: token, response: try registrationJSON(response), name: name)
        return try #require(Base64.decodeURLSafe(options.user.id))
    }

    private func signIn(
        _ authenticator: TestAuthenticator, handle: [UInt8]?, username: String? = nil, flags: UInt8 = 0x05,
        signCount: UInt32 = 1
    ) async throws -> (SignInResult, Data) {
        let options = try await service.passkeyRequestOptions(username: username)
        let challenge = try #require(Base64.decodeURLSafe(options.challenge))
        let assertion = try authenticator.assertion(
            challenge: challenge, authData: try authenticator.authenticatorData(flags: flags, signCount: signCount),
            userHandle: handle)
        let body = try assertionJSON(assertion)
        return (try await service.signInWithPasskey(response: body), body)
    }

    @Test func aPasskeyEnrolledOnceSignsInWithoutAUsernameAndIsListed() async throws {
        let token = try await signedIn("alice")
        let authenticator = try TestAuthenticator(.es256)
        let options = try await service.passkeyCreationOptions(token: token)
        #expect(options.rp.id == "example.com" && options.user.name == "alice" && options.excludeCredentials.isEmpty)
        #expect(options.pubKeyCredParams.map(\.alg) == [-8, -7, -257] && options.attestation == "none")
        #expect(options.authenticatorSelection.residentKey == "required")
        let handle = try await enrol(authenticator, token: token)
        #expect(handle.count == 32)
        let listed = try await service.passkeys(token: token)
        #expect(listed.map(\.name) == ["Laptop"] && listed[0].transports == ["internal"])
        let again = try await service.passkeyCreationOptions(token: token)
        #expect(again.excludeCredentials.map(\.id) == [Base64.urlSafe(authenticator.credentialID)])

        let passwordless = try await service.passkeyRequestOptions()
        #expect(passwordless.allowCredentials.isEmpty && passwordless.rpId == "example.com")
        let (result, _) = try await signIn(authenticator, handle: handle)
        let newToken = try #require(result.token)
        #expect(try await service.authenticate(token: newToken).username == "alice")
        #expect(try await service.passkeys(token: newToken)[0].lastUsed != nil)
    }

    @Test func anAssertionIsAcceptedOnceAndAReplayIsAWrongCredential() async throws {
        let token = try await signedIn("alice")
        let authenticator = try TestAuthenticator(.edDSA)
        let handle = try await enrol(authenticator, token: token)
        let (_, body) = try await signIn(authenticator, handle: handle)
        #expect(await errorCode { try await service.signInWithPasskey(response: body) } == .invalidCredentials)
    }

    @Test func aCounterThatGoesBackwardsIsRefusedAndFlagged() async throws {
        let token = try await signedIn("alice")
        let authenticator = try TestAuthenticator(.es256)
        let handle = try await enrol(authenticator, token: token)
        _ = try await signIn(authenticator, handle: handle, signCount: 5)
        await #expect(throws: LatchkeyError.invalidCredentials) {
            _ = try await signIn(authenticator, handle: handle, signCount: 3)
        }
        #expect(try await service.passkeys(token: token)[0].counterWentBackwards != nil)
        let history = try await service.history(token: token)
        #expect(history.contains { $0.kind == "passkey_counter_regressed" })
    }

    @Test func anUnknownCredentialOrAnotherAccountsIsAWrongCredential() async throws {
        let alice = try await signedIn("alice")
        _ = try await signedIn("bob")
        let authenticator = try TestAuthenticator(.es256)
        let handle = try await enrol(authenticator, token: alice)
        // Options after bob's name: alice's passkey is not his.
        await #expect(throws: LatchkeyError.invalidCredentials) {
            _ = try await signIn(authenticator, handle: handle, username: "bob")
        }
        // A credential nobody registered.
        await #expect(throws: LatchkeyError.invalidCredentials) {
            _ = try await signIn(
                try TestAuthenticator(.es256, credentialID: Array(repeating: 9, count: 32)), handle: nil)
        }
        // Another account's user handle with alice's credential.
        let bobHandle = try workers.database.write { db in try workers.passkeys.userHandle(userID: 2, in: db) }
        await #expect(throws: LatchkeyError.invalidCredentials) {
            _ = try await signIn(authenticator, handle: bobHandle)
        }
    }

    @Test func optionsAfterANameWithNoAccountLookLikeAnAccountsAndStayTheSame() async throws {
        let first = try await service.passkeyRequestOptions(username: "nobody")
        let second = try await service.passkeyRequestOptions(username: "nobody")
        #expect(first.allowCredentials.count == 1 && first.allowCredentials == second.allowCredentials)
        #expect(first.challenge != second.challenge)
    }

    @Test func enrollingNeedsARecentSignInAndStopsAtThePolicysNumber() async throws {
        var policy = SecurityPolicy()
        policy.maximumPasskeys = 1
        policy.passkeyEnrolmentWindow = .seconds(60)
        var limited = try Seeds.workers(time: time, policy: policy)
        limited.relyingParty = workers.relyingParty
        let service = LatchkeyService(workers: limited)
        _ = try await service.register(username: "alice", password: password)
        let token = try #require(try await service.signIn(username: "alice", password: password).token)
        let options = try await service.passkeyCreationOptions(token: token)
        // Past the window, and still within the challenge's five minutes.
        time.advance(by: .seconds(2 * 60))
        #expect(await errorCode { try await service.passkeyCreationOptions(token: token) } == .reauthenticationRequired)
        let response = try TestAuthenticator(.es256).registration(
            challenge: try #require(Base64.decodeURLSafe(options.challenge)))
        #expect(
            await errorCode {
                try await service.registerPasskey(token: token, response: try registrationJSON(response), name: "Late")
            } == .reauthenticationRequired)
        let fresh = try #require(try await service.signIn(username: "alice", password: password).token)
        let current = try await service.passkeyCreationOptions(token: fresh)
        let first = try TestAuthenticator(.es256).registration(
            challenge: try #require(Base64.decodeURLSafe(current.challenge)))
        _ = try await service.registerPasskey(token: fresh, response: try registrationJSON(first), name: "One")
        #expect(await errorCode { try await service.passkeyCreationOptions(token: fresh) } == .invalidInput)
    }

    @Test func aRegistrationIsRefusedFromAnotherOriginTwiceWithOneChallengeOrForAnotherAccount() async throws {
        let alice = try await signedIn("alice")
        let bob = try await signedIn("bob")
        let options = try await service.passkeyCreationOptions(token: alice)
        let challenge = try #require(Base64.decodeURLSafe(options.challenge))
        let authenticator = try TestAuthenticator(.es256)
        let elsewhere = try authenticator.registration(
            challenge: challenge,
            clientData: TestAuthenticator.clientDataJSON(
                type: "webauthn.create", challenge: challenge, origin: "https://evil.example"))
        #expect(
            await errorCode {
                try await service.registerPasskey(token: alice, response: try registrationJSON(elsewhere), name: "X")
            } == .invalidInput)
        let good = try registrationJSON(try authenticator.registration(challenge: challenge))
        #expect(
            await errorCode { try await service.registerPasskey(token: bob, response: good, name: "X") }
                == .invalidInput)
        _ = try await service.registerPasskey(token: alice, response: good, name: "Laptop")
        #expect(
            await errorCode { try await service.registerPasskey(token: alice, response: good, name: "X") }
                == .invalidInput)
        // The same credential again under a fresh challenge, for another account: refused.
        let bobOptions = try await service.passkeyCreationOptions(token: bob)
        let twice = try registrationJSON(
            try authenticator.registration(challenge: try #require(Base64.decodeURLSafe(bobOptions.challenge))))
        #expect(
            await errorCode { try await service.registerPasskey(token: bob, response: twice, name: "X") }
                == .invalidInput)
        #expect(try await service.passkeys(token: bob).isEmpty)
    }

    @Test func renamingAndRemovingKeepTheLastWayIn() async throws {
        let token = try await signedIn("alice")
        try await enrol(try TestAuthenticator(.es256), token: token)
        let id = try await service.passkeys(token: token)[0].id
        #expect(try await service.renamePasskey(token: token, id: id, name: "Phone").name == "Phone")
        #expect(await errorCode { try await service.renamePasskey(token: token, id: id, name: "") } == .invalidInput)
        #expect(await errorCode { try await service.removePasskey(token: token, id: "00000000") } == .notFound)
        // Without a password the passkey is the account's only way in.
        let hash = try workers.database.write { db in
            let hash = try db.queryFirst("SELECT password_hash FROM users WHERE id = 1") { try $0.string(at: 0) }
            try db.execute("UPDATE users SET password_hash = ? WHERE id = 1", [ImportCandidate.noPassword])
            return hash
        }
        #expect(await errorCode { try await service.removePasskey(token: token, id: id) } == .invalidInput)
        try workers.database.write { db in
            try db.execute("UPDATE users SET password_hash = ? WHERE id = 1", [hash])
        }
        #expect(try await service.removePasskey(token: token, id: id).name == "Phone")
        #expect(try await service.passkeys(token: token).isEmpty)
    }

    @Test func withoutARelyingPartyPasskeysAreOff() async throws {
        let off = LatchkeyService(workers: try Seeds.workers(time: time))
        #expect(await errorCode { try await off.passkeyRequestOptions() } == .notFound)
    }

    @Test func withASecondFactorAPasskeyWithoutUserVerificationAsksForTheCodeAndOneWithItDoesNot() async throws {
        let token = try await signedIn("alice")
        let authenticator = try TestAuthenticator(.es256)
        let handle = try await enrol(authenticator, token: token)
        let enrolled = try await service.secondFactor(token: token, .enroll(password: password))
        let app = Authenticator(base32: try #require(enrolled.secret))
        _ = try await service.secondFactor(token: token, .confirm(code: app.code(at: time.now())))
        time.advance(by: .seconds(30))

        // Presence only (UP, no UV): one factor, so the code completes it.
        let (presence, _) = try await signIn(authenticator, handle: handle, flags: 0x01, signCount: 1)
        #expect(presence.token == nil)
        let challenge = try #require(presence.challenge)
        let completed = try await service.completeSignIn(challenge: challenge, code: app.code(at: time.now()))
        #expect(completed.token != nil)

        // A verified user: complete on its own.
        let (verified, _) = try await signIn(authenticator, handle: handle, flags: 0x05, signCount: 2)
        #expect(verified.token != nil && verified.challenge == nil)
    }
}
