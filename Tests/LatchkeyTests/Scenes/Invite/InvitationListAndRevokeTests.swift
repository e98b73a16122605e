import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// Listing and revoking invitations through the Invite scene, as the operator and as a signed-in
/// administrator, on both engines.
@Suite(.onEveryEngine, .tags(.postgres)) struct InvitationListAndRevokeTests {
    let time = ManualTime()
    let workers: LatchkeyWorkers
    let spy = InvitePresentationLogicSpy()
    let root = AuthEvent.Operator(osUser: "root")

    init() throws {
        workers = try Seeds.workers(time: time)
    }

    private var interactor: InviteInteractor { InviteInteractor(presenter: spy, workers: workers) }

    private func invite(roles: [String] = [], email: String? = nil, expiresIn: Duration? = nil) throws -> String {
        try Seeds.invite(.init(roles: roles, expiresIn: expiresIn, email: email, actor: root), with: workers)
    }

    private func list(all: Bool = false, credential: Admin.Credential? = nil) -> [Invite.List.Listed]? {
        interactor.list(request: .init(all: all, credential: credential))
        guard case .invitations(let listed) = spy.listed.last else { return nil }
        return listed
    }

    private func revoke(_ id: String, as authority: Admin.Authority? = nil) -> Invite.Revoke.Response? {
        interactor.revoke(request: .init(id: id, authority: authority ?? .operator(root)))
        return spy.revoked.last
    }

    private func register(_ name: String, invitation: String) -> Register.CreateAccount.Response? {
        let register = RegisterPresentationLogicSpy()
        RegisterInteractor(presenter: register, workers: workers).register(
            request: .init(username: name, password: Seeds.password, invitation: invitation))
        return register.responses.last
    }

    private func events(_ kind: String) throws -> [(osUser: String?, detail: String?)] {
        try workers.database.read { db in
            try db.query("SELECT os_user, detail FROM auth_events WHERE kind = ? ORDER BY id", [kind]) { row in
                (try row.optionalString("os_user"), try row.optionalString("detail"))
            }
        }
    }

    @Test("The list shows pending invitations newest first, with roles, email and issuer, and never a code")
    func listShowsPendingWithoutCodes() throws {
        let first = try invite(roles: ["viewer", "editor"], email: "Ann@Example.com")
        time.advance(by: .seconds(60))
        let second = try invite()
        let listed = try #require(list())
        #expect(listed.map(\.state) == [.pending, .pending])
        let summaries = listed.map { InvitationSummary($0.record, state: $0.state) }
        #expect(summaries[0].roles == [])
        #expect(summaries[1].roles == ["editor", "viewer"])
        #expect(summaries[1].email == "Ann@Example.com")
        #expect(summaries.allSatisfy { $0.createdBy == "root" })
        #expect(summaries[0].created > summaries[1].created)
        // Nothing the display gets holds a code, or its hash.
        let encoder = JSONEncoder()
        let text = String(decoding: try encoder.encode(summaries), as: UTF8.self)
        for code in [first, second] {
            #expect(!text.contains(code))
            #expect(!text.contains(Hex.encode(SHA256Digest.hash(Array(code.utf8)))))
        }
        #expect(!String(describing: listed).contains("lki_"))
    }

    @Test("A used invitation leaves the pending list and shows as used, by its account, with --all")
    func usedInvitationShowsAsUsedWithAll() throws {
        let used = try invite(roles: ["editor"])
        _ = try invite(expiresIn: .seconds(120))
        _ = try invite()
        _ = try #require(register("ann", invitation: used)?.registered)
        let ids = try #require(list(all: true)).map(\.record.id)
        #expect(revoke(String(ids[0])) == .revoked(id: ids[0]))
        time.advance(by: .seconds(120))
        #expect(list()?.isEmpty == true)
        let all = try #require(list(all: true))
        #expect(all.map(\.state) == [.revoked, .expired, .used])
        #expect(all[2].record.usedBy == "ann")
        #expect(all[2].record.usedAt != nil)
        #expect(all[0].record.revokedAt != nil)
    }

    @Test("A revoked code cannot register: refused exactly as an unknown code, before any account")
    func revokedCodeCannotRegister() throws {
        let code = try invite(roles: ["editor"])
        let id = try #require(list()?.first?.record.id)
        #expect(revoke(String(id)) == .revoked(id: id))
        #expect(register("ann", invitation: code) == .rejected(.invitationRefused(.unknown)))
        #expect(register("ann", invitation: InvitationCode.make().secret) == .rejected(.invitationRefused(.unknown)))
        let users = try workers.database.read { db in
            try db.queryFirst("SELECT count(*) AS n FROM users") { try $0.int64("n") }
        }
        #expect(users == 0)
    }

    @Test("Revoking is audited once with the operator; an unknown, used or revoked number is not found")
    func revokeIsAuditedAndUnknownIsNotFound() throws {
        let used = try invite()
        _ = try invite()
        _ = try #require(register("ann", invitation: used)?.registered)
        let all = try #require(list(all: true))
        let (pending, usedID) = (all[0].record.id, all[1].record.id)
        #expect(revoke(String(pending)) == .revoked(id: pending))
        #expect(try events("invitation_revoked").map(\.osUser) == ["root"])
        #expect(try events("invitation_revoked").map(\.detail) == ["invitation \(pending)"])
        for id in [String(pending), String(usedID), "999", "0", "-1", "three", ""] {
            #expect(revoke(id) == .noSuchInvitation, "\(id)")
        }
        #expect(try events("invitation_revoked").count == 1)
    }

    @Test("A signed-in user without the admin role is refused, and revokes nothing")
    func nonAdministratorIsRefused() throws {
        try Seeds.register(Seeds.bob, with: workers)
        let token = try Seeds.login("bob", "a long enough password for him", with: workers)
        _ = try invite()
        let id = try #require(list()?.first?.record.id)
        interactor.list(request: .init(credential: .session(token)))
        #expect(spy.listed.last == .refused(.forbidden))
        #expect(revoke(String(id), as: .signedIn(.session(token))) == .refused(.forbidden))
        #expect(revoke("999", as: .signedIn(.session(token))) == .refused(.forbidden))
        #expect(list()?.first?.state == .pending)
        #expect(try events("invitation_revoked").isEmpty)
    }

    @Test("An administrator lists and revokes, audited with the administrator's account")
    func administratorListsAndRevokes() throws {
        let bob = try Seeds.register(Seeds.bob, with: workers)
        AdminInteractor(presenter: AdminPresentationLogicSpy(), workers: workers).act(
            request: .init(username: "bob", action: .roles(add: [Admin.role], remove: []), actor: root))
        let token = try Seeds.login("bob", "a long enough password for him", with: workers)
        _ = try invite()
        let id = try #require(list(credential: .session(token))?.first?.record.id)
        #expect(revoke(String(id), as: .signedIn(.session(token))) == .revoked(id: id))
        let actor = try workers.database.read { db in
            try db.queryFirst("SELECT actor_user_id FROM auth_events WHERE kind = 'invitation_revoked'") {
                try $0.optionalInt64("actor_user_id")
            }
        }
        #expect(actor == bob.id)
    }
}
