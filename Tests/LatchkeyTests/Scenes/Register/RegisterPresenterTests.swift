import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

@Suite struct RegisterPresenterTests {
    let display = DisplayLogicSpy()
    let presenter = RegisterPresenter()

    init() {
        presenter.display = display
    }

    @Test func aNewAccountIsShownWithItsProfileAndMaskedPhone() throws {
        let user = UserProfile(
            id: 1, username: "alice", email: nil, phone: try PhoneNumber("+998 90 123 45 67"), displayName: nil,
            createdAt: Date(timeIntervalSince1970: 0), previousLoginAt: nil)
        presenter.presentRegistration(response: .registered(user))
        let profile = try #require((display.registrations.last)?.shown, "nothing shown")
        #expect(profile.username == "alice" && profile.userID == 1)
        #expect(profile.phone == "+998 •• ••• •• 67")
        #expect(profile.memberSince == Date(timeIntervalSince1970: 0))
        #expect(profile.sessionExpires == nil && profile.session == nil && profile.credential == .session)
    }

    @Test(arguments: [
        (Register.CreateAccount.Problem.usernameTaken, "That username is taken."),
        (.emailTaken, "That email address is already in use."),
        (.invalidUsername(.tooShort), "Invalid username: use at least 3 characters."),
        (
            .invalidPhone(reason: "must have 7 to 15 digits"),
            "Invalid phone number: it must have 7 to 15 digits (for example +44 20 7946 0958)."
        ),
        (
            .passwordRejected(.tooShort(minimum: 15)),
            "Password too short: use at least 15 characters; a few words make a good one."
        ),
        (.passwordRejected(.containsUsername), "Password refused: it must not contain the username."),
    ])
    func eachRejectionIsExplainedAsInvalidInput(_ failure: Register.CreateAccount.Problem, _ message: String) {
        presenter.presentRegistration(response: .rejected(failure))
        // Invalid input for the CLI's exit code; a precise stable code for a server.
        let code: LatchkeyError.Code =
            switch failure {
            case .usernameTaken: .usernameTaken
            case .emailTaken: .emailTaken
            case .passwordRejected: .weakPassword
            default: .invalidInput
            }
        #expect(display.registrations == [.failure(LatchkeyError(message: message, kind: .invalidInput, code: code))])
    }

    @Test(
        "An invitation refused is forbidden, with the reason in the message",
        arguments: [
            (
                Register.CreateAccount.InvitationRefusal.missing,
                "Registration is by invitation only: give an invitation code."
            ),
            (.unknown, "That invitation code is not valid."),
            (.used, "That invitation code has already been used."),
            (.expired, "That invitation code has expired."),
            (.emailMismatch, "That invitation is for another email address."),
        ])
    func invitationRefusalsAreForbidden(_ refusal: Register.CreateAccount.InvitationRefusal, _ message: String) {
        presenter.presentRegistration(response: .rejected(.invitationRefused(refusal)))
        #expect(
            display.registrations == [.failure(LatchkeyError(message: message, kind: .forbidden, code: .forbidden))])
    }
}
