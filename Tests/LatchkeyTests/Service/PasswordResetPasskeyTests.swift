import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// A password reset by code replaces the password and ends the sessions; the account's passkeys
/// are another way in, and stay. On both engines.
@Suite(.onEveryEngine, .tags(.postgres)) struct PasswordResetPasskeyTests {
    let time = ManualTime(Date())
    let delivery = DeliverySpy()
    let service: LatchkeyService
    let ceremony: PasskeyCeremony

    init() throws {
        service = LatchkeyService(
            workers: PasskeyCeremony.enable(try Seeds.workers(time: time, delivery: delivery)))
        ceremony = PasskeyCeremony(service: service)
    }

    @Test func aPasskeyEnrolledBeforeAResetStillSignsInAfterIt() async throws {
        _ = try await service.register(username: "alice", password: Seeds.password, email: "alice@example.com")
        let session = try #require(try await service.signIn(username: "alice", password: Seeds.password).token)
        let authenticator = try TestAuthenticator(.es256)
        let handle = try await ceremony.enrol(authenticator, token: session)

        try await service.requestPasswordReset(account: "alice")
        let code = try #require(await delivery.waitFor(1).first).typed
        let reset = try await service.completePasswordReset(
            username: "alice", code: code, newPassword: "a brand new passphrase, long enough")
        #expect(reset.sessionsEnded == 1)

        let signedIn = try await ceremony.signIn(authenticator, handle: handle)
        let token = try #require(signedIn.token)
        #expect(try await service.authenticate(token: token).username == "alice")
        #expect(try await service.passkeys(token: token).map(\.name) == ["Laptop"])
    }
}
