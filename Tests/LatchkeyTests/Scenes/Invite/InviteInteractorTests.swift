import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

@Suite(.onEveryEngine, .tags(.postgres)) struct InviteInteractorTests {
    let time = ManualTime()
    let workers: LatchkeyWorkers
    let spy = InvitePresentationLogicSpy()

    init() throws {
        workers = try Seeds.workers(time: time)
    }

    private func issue(_ request: Invite.Issue.Request) -> Invite.Issue.Response? {
        InviteInteractor(presenter: spy, workers: workers).issue(request: request)
        return spy.responses.last
    }

    @Test("An invitation is stored as its code's hash, with its roles, and audited as the operator's")
    func issuedInvitationIsHashedAndAudited() throws {
        let response = issue(
            .init(roles: ["editor", "viewer", "editor"], email: "Ann@Example.com", actor: .init(osUser: "root")))
        guard case .issued(let issued) = response else {
            Issue.record("not issued: \(String(describing: response))")
            return
        }
        #expect(issued.code.hasPrefix("lki_"))
        #expect(InvitationCode(issued.code) != nil)
        #expect(issued.roles == ["editor", "viewer"])
        #expect(issued.expires == time.now().addingTimeInterval(7 * 86_400))
        let stored = try workers.database.read { db in
            try db.queryFirst("SELECT code_hash, email_key, created_by FROM invitations") { row in
                (try row.bytes("code_hash"), try row.string("email_key"), try row.string("created_by"))
            }
        }
        #expect(stored?.0 == SHA256Digest.hash(Array(issued.code.utf8)))
        #expect(stored?.1 == "ann@example.com")
        #expect(stored?.2 == "root")
        let event = try workers.database.read { db in
            try db.queryFirst("SELECT kind, os_user, detail FROM auth_events") { row in
                (try row.string("kind"), try row.optionalString("os_user"), try row.optionalString("detail"))
            }
        }
        #expect(event?.0 == "invitation_issued")
        #expect(event?.1 == "root")
        #expect(event?.2?.contains(issued.code) == false)
    }

    @Test("An expiry past the policy's maximum, a bad role or a bad address issues nothing")
    func badRequestsIssueNothing() throws {
        #expect(
            issue(.init(expiresIn: .seconds(31 * 86_400), actor: .init(osUser: "root")))
                == .tooLong(maximum: .seconds(30 * 86_400)))
        #expect(issue(.init(roles: ["Bad Role!"], actor: .init(osUser: "root"))) == .invalidRole("Bad Role!"))
        #expect(issue(.init(email: "not an address", actor: .init(osUser: "root"))) == .invalidEmail)
        let count = try workers.database.read { db in
            try db.queryFirst("SELECT count(*) AS n FROM invitations") { try $0.int64("n") }
        }
        #expect(count == 0)
    }
}
