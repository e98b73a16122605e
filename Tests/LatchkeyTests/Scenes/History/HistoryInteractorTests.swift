import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

@Suite(.onEveryEngine, .tags(.postgres)) struct HistoryInteractorTests {
    let time = ManualTime()
    let workers: LatchkeyWorkers

    init() throws {
        workers = try Seeds.workers(time: time)
        try Seeds.register(Seeds.alice, with: workers)
        try Seeds.register(Seeds.bob, with: workers)
    }

    @Test func theSignedInUserSeesOnlyTheirOwnEventsNewestFirst() throws {
        time.advance(by: .seconds(60))
        LoginInteractor(presenter: LoginPresentationLogicSpy(), workers: workers).login(
            request: .init(username: "alice", password: Seeds.otherPassword))
        time.advance(by: .seconds(60))
        let token = try Seeds.login("alice", with: workers)
        let display = DisplayLogicSpy()
        SceneFactory(workers: workers).makeHistoryScene(display: display).interactor.fetchEvents(
            request: .init(token: token, limit: 10))
        let rows = try #require((display.histories.last)?.shown, "no events: \(display.histories)")
        #expect(rows.map(\.description) == ["Signed in", "Sign-in failed: wrong password", "Account created"])
        #expect(rows.map(\.kind) == ["login_succeeded", "login_failed", "registered"])
        #expect(rows[1].reason == "bad_credentials")
        #expect(!rows.contains { $0.byAdministrator })
        #expect(DateText.format(rows[0].time) == DateText.format(time.now()))
    }

    /// The operator's name comes from the operating system (or a hand-written row): a terminal escape
    /// in it is shown as text, like every other stored text, never sent to the terminal.
    @Test func anOperatorsNameIsEscapedOnDisplay() throws {
        let event = AuthEvent(
            occurredAt: time.now(), kind: .accountDisabled, reason: nil, usernameKey: "alice", userID: 1,
            actor: .init(osUser: "eve\u{1B}]0;pwned\u{07}\u{202E}"))
        let entry = try #require(Presented.events(.events([event]))?.shown?.first)
        #expect(entry.description == "Account disabled (by administrator eve\\u{1B}]0;pwned\\u{7}\\u{202E})")
        #expect(entry.byAdministrator)
    }

    @Test func theLimitIsHonoured() throws {
        let token = try Seeds.login("alice", with: workers)
        let spy = HistoryPresentationLogicSpy()
        HistoryInteractor(presenter: spy, workers: workers).fetchEvents(request: .init(token: token, limit: 1))
        let events = try #require((spy.responses.last)?.events, "no events")
        #expect(events.map(\.kind) == [.loginSucceeded])
    }

    @Test func withoutASessionThereIsNoHistory() {
        let spy = HistoryPresentationLogicSpy()
        HistoryInteractor(presenter: spy, workers: workers).fetchEvents(request: .init(token: nil))
        #expect(spy.responses == [.sessionRefused(.notSignedIn)])
    }

    @Test func everyKindAndReasonHasItsOwnDescription() {
        let expected: [AuthEvent.Kind: [AuthEvent.FailureReason?: String]] = [
            .registered: [nil: "Account created"],
            .loginSucceeded: [nil: "Signed in"],
            .loginFailed: [
                .badCredentials: "Sign-in failed: wrong password", .throttled: "Sign-in refused: too many attempts",
                .disabled: "Sign-in refused: account disabled",
            ],
            .loggedOut: [nil: "Signed out"],
            .passwordChanged: [nil: "Password changed"],
            .passwordChangeFailed: [
                .badCredentials: "Password change failed: wrong current password",
                .throttled: "Password change refused: too many attempts",
            ],
            .sessionsRevoked: [nil: "Other sessions signed out"],
            .sessionRevoked: [nil: "One session signed out"],
            .accountDisabled: [nil: "Account disabled"],
            .accountEnabled: [nil: "Account enabled"],
            .throttleCleared: [nil: "Sign-in lock cleared"],
            .passwordChangeRequired: [nil: "New password required"],
            .passwordSet: [nil: "Password set by an administrator"],
            .rolesChanged: [nil: "Roles changed"],
            .accountDeleted: [nil: "Account deleted"],
            .factorEnabled: [nil: "Second factor turned on"],
            .factorDisabled: [nil: "Second factor turned off"],
            .factorReset: [nil: "Second factor removed by an administrator"],
            .codeFailed: [nil: "Sign-in failed: wrong code"],
            .recoveryCodeUsed: [nil: "Signed in with a recovery code"],
            .recoveryCodesReplaced: [nil: "Recovery codes replaced"],
            .accessTokenCreated: [nil: "Access token created"],
            .accessTokenRevoked: [nil: "Access token revoked"],
            .accessTokenRefused: [nil: "Access token refused: revoked, expired or account disabled"],
            .passwordResetRequested: [nil: "Password reset requested"],
            .passwordResetDelivered: [nil: "Password reset code sent"],
            .passwordResetDeliveryFailed: [nil: "Password reset code could not be sent"],
            .passwordResetCodeFailed: [nil: "Password reset failed: wrong or expired code"],
            .passwordReset: [nil: "Password reset with a code"],
            .passwordResetCodeIssued: [nil: "Password reset code made"],
            .profileChanged: [nil: "Profile changed"],
            .profileChangeFailed: [
                nil: "Profile change failed: wrong password", .throttled: "Profile change refused: too many attempts",
            ],
            .emailVerificationRequested: [nil: "Email verification requested"],
            .emailVerificationDelivered: [nil: "Email verification code sent"],
            .emailVerificationDeliveryFailed: [nil: "Email verification code could not be sent"],
            .emailVerificationCodeFailed: [nil: "Email verification failed: wrong or expired code"],
            .emailVerified: [nil: "Email address verified"],
            .emailChangeNoticeDelivered: [nil: "Old email address told of the change"],
            .emailChangeNoticeDeliveryFailed: [nil: "Old email address could not be told of the change"],
            .emailDropped: [nil: "Unverified email address dropped: another account verified it"],
            .emailPendingDroppedDelivered: [nil: "Email address told its pending change was dropped"],
            .emailPendingDroppedDeliveryFailed: [nil: "Email address could not be told its pending change was dropped"],
            .emailKeyKept: [nil: "Email address kept apart on upgrade"],
            .usersImported: [nil: "Users imported"],
            .invitationIssued: [nil: "Invitation issued"],
            .registeredByInvitation: [nil: "Registered with an invitation"],
            .invitationRevoked: [nil: "Invitation revoked"],
            .passkeyRegistered: [nil: "Passkey added"],
            .passkeyRenamed: [nil: "Passkey renamed"],
            .passkeyRemoved: [nil: "Passkey removed"],
            .passkeyCounterRegressed: [nil: "Passkey refused: its counter went backwards (a copy?)"],
            .signingKeysRotated: [nil: "Signing keys rotated"],
            .oidcClientAdded: [nil: "OpenID Connect client added"],
            .oidcClientRemoved: [nil: "OpenID Connect client removed"],
            .oidcClientSecretRotated: [nil: "OpenID Connect client secret replaced"],
            .oidcSignedIn: [nil: "Signed in to an OpenID Connect client"],
            .oidcCodeReplayed: [nil: "Sign-in code used twice: the sign-in to the client was ended"],
            .oidcRefreshReused: [nil: "Refresh token used twice: the sign-in to the client was ended"],
            .oidcGrantRevoked: [nil: "Sign-in to a client ended by the client"],
        ]
        #expect(Set(expected.keys) == Set(AuthEvent.Kind.allCases))
        for (kind, reasons) in expected {
            for (reason, text) in reasons {
                let event = AuthEvent(
                    occurredAt: Date(timeIntervalSince1970: 0), kind: kind, reason: reason, usernameKey: "alice",
                    userID: 1)
                #expect(HistoryPresenter.describe(event) == text, "\(kind) \(String(describing: reason))")
            }
        }
    }
}
