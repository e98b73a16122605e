/// Turns a registration outcome into the account every display shows, or the failure's wording.
package final class RegisterPresenter: ScenePresenter<any RegisterDisplayLogic>, RegisterPresentationLogic {
    package func presentRegistration(response: Register.CreateAccount.Response) {
        display?.displayRegistration(viewModel: Self.viewModel(for: response))
    }

    private static func viewModel(for response: Register.CreateAccount.Response) -> Register.CreateAccount.ViewModel {
        switch response {
        case .registered(let user): .success(Principal(user, session: nil))
        case .rejected(.throttled(let wait)):
            .failure(
                LatchkeyError(
                    message: message(for: .throttled(retryAfter: wait)), kind: .notAuthenticated, code: .throttled,
                    retryAfter: wait))
        case .rejected(.invitationRefused(let refusal)):
            // Well-formed, but not allowed: the registration needs an invitation it does not have.
            .failure(
                LatchkeyError(
                    message: message(for: .invitationRefused(refusal)), kind: .forbidden, code: .forbidden))
        case .rejected(let failure):
            .failure(LatchkeyError(message: message(for: failure), kind: .invalidInput, code: code(for: failure)))
        case .unavailable(let problem):
            .failure(.unavailable(problem))
        }
    }

    static func code(for failure: Register.CreateAccount.Problem) -> LatchkeyError.Code {
        switch failure {
        case .usernameTaken: .usernameTaken
        case .emailTaken: .emailTaken
        case .passwordRejected: .weakPassword
        case .throttled: .throttled
        case .invitationRefused: .forbidden
        case .invalidUsername, .invalidEmail, .invalidPhone, .invalidDisplayName: .invalidInput
        }
    }

    static func message(for failure: Register.CreateAccount.Problem) -> String {
        switch failure {
        case .usernameTaken: "That username is taken."
        case .emailTaken: "That email address is already in use."
        case .invalidUsername(let problem): "Invalid username: " + UsernameText.explain(problem)
        case .invalidEmail: FieldText.invalidEmail
        case .invalidPhone(let reason): FieldText.invalidPhone(reason)
        case .invalidDisplayName: FieldText.invalidDisplayName
        case .passwordRejected(let rejection): PasswordText.explain(rejection)
        case .throttled: "Too many registrations from this address. Try again later."
        case .invitationRefused(.missing): "Registration is by invitation only: give an invitation code."
        case .invitationRefused(.unknown): "That invitation code is not valid."
        case .invitationRefused(.used): "That invitation code has already been used."
        case .invitationRefused(.expired): "That invitation code has expired."
        case .invitationRefused(.emailMismatch): "That invitation is for another email address."
        }
    }
}

extension Reply: RegisterDisplayLogic where ViewModel == Register.CreateAccount.ViewModel {
    func displayRegistration(viewModel: Register.CreateAccount.ViewModel) { show(viewModel) }
}
