import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// Only a complete success (the password and, where it is on, the second factor) ends a run of
/// failures; a right password alone gives back the one attempt it reserved and nothing else.
@Suite(.onEveryEngine, .tags(.postgres)) struct ReauthenticationTests {
    let time = ManualTime()
    let workers: LatchkeyWorkers
    let token: SessionToken
    let app: Authenticator
    let recoveryCodes: [String]

    init() throws {
        workers = try Seeds.workers(time: time)
        try Seeds.register(Seeds.alice, with: workers)
        token = try Seeds.login("alice", with: workers)
        let enrolled = Self.change(.enroll(password: Seeds.password), token: token, workers: workers)
        guard case .pending(_, let secret) = enrolled else { throw Seeds.SeedError.notSignedIn }
        app = Authenticator(base32: secret)
        guard
            case .enabled(let codes) = Self.change(
                .confirm(code: app.code(at: time.now())), token: token, workers: workers)
        else { throw Seeds.SeedError.notSignedIn }
        recoveryCodes = codes
        time.advance(by: .seconds(30))
    }

    private static func change(_ action: SecondFactor.Action, token: SessionToken, workers: LatchkeyWorkers)
        -> SecondFactor.Change.Response?
    {
        let spy = SecondFactorPresentationLogicSpy()
        SecondFactorInteractor(presenter: spy, workers: workers).change(request: .init(token: token, action: action))
        return spy.responses.last
    }

    private func change(_ action: SecondFactor.Action) -> SecondFactor.Change.Response? {
        Self.change(action, token: token, workers: workers)
    }

    private func passwd(to newPassword: String) -> ChangePassword.Update.Response? {
        let spy = ChangePasswordPresentationLogicSpy()
        ChangePasswordInteractor(presenter: spy, workers: workers).changePassword(
            request: .init(token: token, currentPassword: Seeds.password, newPassword: newPassword))
        return spy.responses.last
    }

    private func signIn() -> Login.Authenticate.Response? {
        let spy = LoginPresentationLogicSpy()
        LoginInteractor(presenter: spy, workers: workers).login(
            request: .init(username: "alice", password: Seeds.password))
        return spy.responses.last
    }

    /// The right password, then `code` for the challenge it answers.
    private func signIn(code: String) -> Login.Authenticate.Response? {
        guard case .secondFactorRequired(let challenge) = signIn() else { return signIn() }
        let spy = LoginPresentationLogicSpy()
        LoginInteractor(presenter: spy, workers: workers).completeLogin(
            request: .init(challenge: challenge, code: code))
        return spy.responses.last
    }

    /// The failures counted for alice now (0 when no run is open).
    private func failures() throws -> Int64 {
        try workers.database.read { db in
            try db.queryFirst("SELECT failures FROM login_throttle WHERE throttle_key = ?", ["alice"]) {
                try $0.int64("failures")
            } ?? 0
        }
    }

    /// What a right password can be used for while the second factor is on, and the failures it adds.
    enum PasswordAlone: String, CaseIterable, CustomTestStringConvertible {
        case signInFirstStep, passwdAccepted, passwdRefused, enrollWhileOn, recoveryCodesWithWrongCode
        case disableWithWrongCode
        var testDescription: String { rawValue }
    }

    @Test(arguments: PasswordAlone.allCases)
    func aRightPasswordAloneDoesNotEndARunOfWrongCodes(_ use: PasswordAlone) throws {
        for _ in 0..<3 { #expect(signIn(code: "000000") == .invalidCredentials) }
        #expect(try failures() == 3)
        var added: Int64 = 0
        switch use {
        case .signInFirstStep:
            guard case .secondFactorRequired = try #require(signIn()) else { throw Seeds.SeedError.notSignedIn }
        case .passwdAccepted:
            #expect(passwd(to: "a brand new passphrase for her") == .changed(otherSessionsEnded: 0))
        case .passwdRefused:
            guard case .rejected = try #require(passwd(to: "short")) else { throw Seeds.SeedError.notSignedIn }
        case .enrollWhileOn:
            #expect(change(.enroll(password: Seeds.password)) == .alreadyOn)
        case .recoveryCodesWithWrongCode:
            #expect(change(.replaceRecoveryCodes(password: Seeds.password, code: "000000")) == .invalidCredentials)
            added = 1
        case .disableWithWrongCode:
            #expect(change(.disable(password: Seeds.password, code: "000000")) == .invalidCredentials)
            added = 1
        }
        #expect(try failures() == 3 + added, "a right password alone ended or shortened the run")
    }

    @Test func fiveWrongCodesLockTheNameWhateverRightPasswordsCameBetween() throws {
        for round in 0..<5 {
            #expect(signIn(code: "000000") == .invalidCredentials, "round \(round)")
            _ = passwd(to: "short")
            _ = change(.enroll(password: Seeds.password))
        }
        #expect(signIn() == .throttled(retryAfter: .seconds(15 * 60)))
    }

    @Test func aCompleteSignInEndsTheRun() throws {
        for _ in 0..<3 { #expect(signIn(code: "000000") == .invalidCredentials) }
        #expect(signIn(code: app.code(at: time.now()))?.signedIn != nil)
        #expect(try failures() == 0)
    }

    @Test func thePasswordWithARightCodeEndsTheRun() throws {
        for _ in 0..<3 { #expect(signIn(code: "000000") == .invalidCredentials) }
        guard
            case .recoveryCodes = try #require(
                change(.replaceRecoveryCodes(password: Seeds.password, code: recoveryCodes[0])))
        else { throw Seeds.SeedError.notSignedIn }
        #expect(try failures() == 0)
    }

    @Test func withoutASecondFactorTheRightPasswordIsACompleteSuccess() throws {
        time.advance(by: .seconds(30))
        #expect(change(.disable(password: Seeds.password, code: app.code(at: time.now()))) == .disabled)
        let spy = LoginPresentationLogicSpy()
        for _ in 0..<3 {
            LoginInteractor(presenter: spy, workers: workers).login(
                request: .init(username: "alice", password: Seeds.otherPassword))
        }
        #expect(try failures() == 3)
        guard case .rejected = try #require(passwd(to: "short")) else { throw Seeds.SeedError.notSignedIn }
        #expect(try failures() == 0)
    }

    @Test func aChallengeAnsweredWronglyTheThrottlesNumberOfTimesIsDeleted() throws {
        guard case .secondFactorRequired(let challenge) = try #require(signIn()) else {
            throw Seeds.SeedError.notSignedIn
        }
        let spy = LoginPresentationLogicSpy()
        let interactor = LoginInteractor(presenter: spy, workers: workers)
        let limit = workers.policy.maximumFailedLogins
        for _ in 0..<limit { interactor.completeLogin(request: .init(challenge: challenge, code: "000000")) }
        let left = try workers.database.read { db in try workers.factors.challenge(hash: challenge.hash, in: db) }
        #expect(left == nil, "the challenge outlived \(limit) wrong codes")
        #expect(
            spy.responses.allSatisfy { $0 == .invalidCredentials || $0 == .throttled(retryAfter: .seconds(15 * 60)) })
    }
}
