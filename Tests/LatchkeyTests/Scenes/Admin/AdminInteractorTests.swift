import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

@Suite(.onEveryEngine, .tags(.postgres)) struct AdminInteractorTests {
    let time = ManualTime()
    let workers: LatchkeyWorkers
    let spy = AdminPresentationLogicSpy()
    let interactor: AdminInteractor
    let root = AuthEvent.Operator(osUser: "root")

    init() throws {
        workers = try Seeds.workers(time: time)
        interactor = AdminInteractor(presenter: spy, workers: workers)
        try Seeds.register(Seeds.alice, with: workers)
        try Seeds.register(Seeds.bob, with: workers)
    }

    private func act(_ action: Admin.Act.Action, on name: String = "alice") -> Admin.Act.Response? {
        interactor.act(request: .init(username: name, action: action, actor: root))
        return spy.actions.last
    }

    private func login(_ password: String = Seeds.password) -> Login.Authenticate.Response? {
        let login = LoginPresentationLogicSpy()
        LoginInteractor(presenter: login, workers: workers).login(request: .init(username: "alice", password: password))
        return login.responses.last
    }

    private func whoAmI(_ token: SessionToken) -> WhoAmI.Profile.Response? {
        let spy = WhoAmIPresentationLogicSpy()
        WhoAmIInteractor(presenter: spy, workers: workers).fetchProfile(request: .init(token: token))
        return spy.responses.last
    }

    private func count(_ sql: String) throws -> Int64 {
        try workers.database.read { db in try db.queryFirst(sql) { try $0.int64(at: 0) } ?? -1 }
    }

    /// The events an action left, newest last, with their actor.
    private func adminEvents() throws -> [String] {
        try workers.database.read { db in
            try db.query(
                "SELECT kind || '/' || coalesce(os_user, '-') FROM auth_events WHERE actor = 'admin' ORDER BY id"
            ) {
                try $0.string(at: 0)
            }
        }
    }

    @Test func theListMasksEmailAndPhoneAndFindsBySearchText() throws {
        interactor.listUsers(request: .init(search: "LIDD"))
        guard case .users(let accounts) = try #require(spy.users.last) else { throw Seeds.SeedError.notSignedIn }
        #expect(accounts.map(\.profile.username) == ["alice"])
        let shown = try #require(Presented.users(.users(accounts))?.shown)
        #expect(shown.first?.email == "a•••@example.com")
        #expect(shown.first?.phone == "+7 (•••) •••-••-33")
        interactor.listUsers(request: .init(search: "%"))
        #expect(spy.users.last == .users([]))
        interactor.listUsers(request: .init())
        guard case .users(let all) = try #require(spy.users.last) else { throw Seeds.SeedError.notSignedIn }
        #expect(all.map(\.profile.username) == ["alice", "bob"])
    }

    @Test func anUnknownOrMalformedUserIsRejectedForEveryAction() throws {
        interactor.showUser(request: .init(username: "nobody"))
        #expect(spy.shown.last == .rejected(.noSuchUser))
        for action in [
            Admin.Act.Action.disable, .enable, .unlock, .expirePassword, .delete, .roles(add: [], remove: []),
        ] {
            #expect(act(action, on: "nobody") == .rejected(.noSuchUser))
        }
        #expect(act(.setPassword("a brand new passphrase"), on: "nobody") == .rejected(.noSuchUser))
        #expect(act(.disable, on: "a b") == .rejected(.invalidUsername(.invalidCharacters)))
        #expect(try adminEvents() == [])
    }

    @Test func disablingRefusesSignInAsAWrongPasswordAndEndsEverySession() throws {
        let token = try #require(login()?.signedIn?.token)
        #expect(act(.disable) == .disabled(username: "alice", sessionsEnded: 1))
        #expect(whoAmI(token) == .sessionRefused(.notSignedIn))
        #expect(login() == .invalidCredentials)
        #expect(act(.enable) == .enabled(username: "alice"))
        #expect(login()?.signedIn != nil)
        #expect(try adminEvents() == ["account_disabled/root", "account_enabled/root"])
    }

    @Test func unlockingClearsTheThrottleOfTheName() throws {
        for _ in 0..<5 { _ = login(Seeds.otherPassword) }
        #expect(login() == .throttled(retryAfter: .seconds(15 * 60)))
        interactor.showUser(request: .init(username: "alice"))
        guard case .account(let account, _, _, _, _) = try #require(spy.shown.last) else {
            throw Seeds.SeedError.notSignedIn
        }
        #expect(account.isLocked)
        #expect(act(.unlock) == .unlocked(username: "alice"))
        #expect(login()?.signedIn != nil)
    }

    @Test func anExpiredPasswordSignsInOnlyIntoChangingIt() throws {
        #expect(act(.expirePassword) == .passwordExpired(username: "alice"))
        guard case .passwordChangeRequired(_, _, let token) = try #require(login()) else {
            throw Seeds.SeedError.notSignedIn
        }
        #expect(whoAmI(token) == .sessionRefused(.passwordChangeRequired))
        let history = HistoryPresentationLogicSpy()
        HistoryInteractor(presenter: history, workers: workers).fetchEvents(request: .init(token: token))
        #expect(history.responses == [.sessionRefused(.passwordChangeRequired)])
        let change = ChangePasswordPresentationLogicSpy()
        ChangePasswordInteractor(presenter: change, workers: workers).changePassword(
            request: .init(token: token, currentPassword: Seeds.password, newPassword: "a brand new passphrase"))
        #expect(change.responses == [.changed(otherSessionsEnded: 0)])
        #expect(whoAmI(token)?.signedIn != nil)
    }

    @Test func deletingErasesTheAccountAndKeepsItsEventsUnderAPseudonym() throws {
        let token = try #require(login()?.signedIn?.token)
        _ = act(.roles(add: ["editor"], remove: []))
        for _ in 0..<2 { _ = login(Seeds.otherPassword) }
        let before = try count("SELECT count(*) FROM auth_events")
        #expect(act(.delete) == .deleted(username: "alice"))
        #expect(whoAmI(token) == .sessionRefused(.notSignedIn))
        #expect(try count("SELECT count(*) FROM users WHERE username = 'alice'") == 0)
        #expect(try count("SELECT count(*) FROM sessions WHERE user_id = 1") == 0)
        #expect(try count("SELECT count(*) FROM user_roles") == 0)
        #expect(try count("SELECT count(*) FROM login_throttle WHERE throttle_key = 'alice'") == 0)
        #expect(try count("SELECT count(*) FROM auth_events WHERE username_key = 'alice'") == 0)
        #expect(try count("SELECT count(*) FROM auth_events") == before + 1)
        #expect(
            try count("SELECT count(DISTINCT username_key) FROM auth_events WHERE username_key LIKE 'deleted:%'") == 1)
    }

    @Test func settingAPasswordFollowsTheRulesAndEndsEverySession() throws {
        let token = try #require(login()?.signedIn?.token)
        #expect(act(.setPassword("short")) == .passwordRejected(.tooShort(minimum: 15)))
        #expect(act(.setPassword("a brand new passphrase")) == .passwordSet(username: "alice", sessionsEnded: 1))
        #expect(whoAmI(token) == .sessionRefused(.notSignedIn))
        #expect(login() == .invalidCredentials)
        #expect(login("a brand new passphrase")?.signedIn != nil)
    }

    @Test func rolesAreValidatedAddedAndRemovedAndShownOnTheCard() throws {
        #expect(
            act(.roles(add: ["Editor", "viewer"], remove: []))
                == .roles(username: "alice", roles: ["editor", "viewer"]))
        #expect(act(.roles(add: [], remove: ["viewer"])) == .roles(username: "alice", roles: ["editor"]))
        #expect(act(.roles(add: ["no spaces"], remove: [])) == .invalidRole("no spaces"))
        let token = try #require(login()?.signedIn?.token)
        #expect(whoAmI(token)?.signedIn?.user.roles == ["editor"])
        // Asking for what is already so changes nothing and records nothing.
        #expect(act(.roles(add: ["editor"], remove: [])) == .roles(username: "alice", roles: ["editor"]))
        #expect(try adminEvents() == ["roles_changed/root", "roles_changed/root"])
    }

    @Test func everyActionLeavesExactlyOneAuditEventNamingTheOperator() throws {
        _ = try #require(login()?.signedIn)
        let actions: [Admin.Act.Action] = [
            .disable, .enable, .unlock, .expirePassword, .setPassword("a brand new passphrase"),
            .roles(add: ["editor"], remove: []), .delete,
        ]
        for (index, action) in actions.enumerated() {
            _ = act(action)
            #expect(try adminEvents().count == index + 1, "\(action)")
        }
        #expect(try adminEvents().allSatisfy { $0.hasSuffix("/root") })
    }

    @Test func theAuthorizeCallAnswersAllowedForbiddenOrNotSignedIn() throws {
        let token = try #require(login()?.signedIn?.token)
        let factory = SceneFactory(workers: workers)
        guard case .forbidden = factory.authorize(token: token, role: "editor") else {
            throw Seeds.SeedError.notSignedIn
        }
        _ = act(.roles(add: ["editor"], remove: []))
        guard case .allowed(let user, .session) = factory.authorize(token: token, role: "editor") else {
            throw Seeds.SeedError.notSignedIn
        }
        #expect(user.username == "alice")
        #expect(factory.authorize(token: nil, role: "editor") == .sessionRefused(.notSignedIn))
        #expect(factory.authorize(token: token, role: "not a role") == .invalidRole)
        #expect(
            Presented.authorization(.forbidden(user))
                == .failure(LatchkeyError(message: "You may not do this.", kind: .forbidden)))
    }

    @Test func thePresenterShowsActionsAndWordsProblems() {
        #expect(
            Presented.action(.disabled(username: "alice", sessionsEnded: 2))
                == .success(AdministrationResult(outcome: "disabled", username: "alice", sessionsEnded: 2, roles: nil)))
        #expect(
            Presented.action(.rejected(.noSuchUser))
                == .failure(LatchkeyError(message: "No such user.", kind: .invalidInput, code: .notFound)))
        #expect(
            Presented.action(.roles(username: "alice", roles: []))
                == .success(AdministrationResult(outcome: "roles", username: "alice", sessionsEnded: nil, roles: [])))
        #expect(
            Presented.action(.tokenRevoked(username: "alice", token: "ci deploy"))?.shown?.accessTokenName
                == "ci deploy")
    }
}
