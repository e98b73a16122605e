import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// The Login scene refuses a disabled account whatever the way in: a passkey too, with the answer
/// of a wrong credential, and the same passkey signs in again once the account is enabled. On both
/// engines.
@Suite(.onEveryEngine, .tags(.postgres)) struct LoginPasskeyDisabledTests {
    let workers: LatchkeyWorkers
    let service: LatchkeyService
    let ceremony: PasskeyCeremony

    init() throws {
        workers = PasskeyCeremony.enable(try Seeds.workers())
        service = LatchkeyService(workers: workers)
        ceremony = PasskeyCeremony(service: service)
    }

    private func act(_ action: Admin.Act.Action) {
        AdminInteractor(presenter: AdminPresentationLogicSpy(), workers: workers).act(
            request: .init(username: "alice", action: action, actor: .init(osUser: "root")))
    }

    @Test func aDisabledAccountsPasskeyDoesNotSignIn() async throws {
        _ = try await service.register(username: "alice", password: Seeds.password)
        let session = try #require(try await service.signIn(username: "alice", password: Seeds.password).token)
        let authenticator = try TestAuthenticator(.es256)
        let handle = try await ceremony.enrol(authenticator, token: session)

        act(.disable)
        await #expect(throws: LatchkeyError.invalidCredentials) {
            _ = try await ceremony.signIn(authenticator, handle: handle, signCount: 1)
        }
        let refusals = try workers.database.read { db in
            try db.queryFirst(
                "SELECT count(*) FROM auth_events WHERE kind = 'login_failed' AND reason = 'disabled'"
            ) { try $0.int64(at: 0) }
        }
        #expect(refusals == 1)

        act(.enable)
        let signedIn = try await ceremony.signIn(authenticator, handle: handle, signCount: 2)
        #expect(signedIn.token != nil)
    }
}
