/// Turns profile changes and verifications into what every display shows, or the failure's wording.
package final class EditProfilePresenter: ScenePresenter<any EditProfileDisplayLogic>, EditProfilePresentationLogic {
    package func presentUpdate(response: EditProfile.Update.Response) {
        display?.displayUpdate(viewModel: Self.viewModel(for: response))
    }

    package func presentVerificationRequest(response: EditProfile.RequestVerification.Response) {
        display?.displayVerificationRequest(viewModel: Self.viewModel(for: response))
    }

    package func presentVerification(response: EditProfile.Verify.Response) {
        display?.displayVerification(viewModel: Self.viewModel(for: response))
    }

    static let noDelivery = LatchkeyError(
        message: "Verifying an email address needs a delivery: this installation has none configured.",
        kind: .unavailable)

    static let invalidCode = LatchkeyError(
        message: "Invalid or expired verification code.", kind: .notAuthenticated, code: .invalidCredentials)

    private static func viewModel(for response: EditProfile.Update.Response) -> EditProfile.Update.ViewModel {
        switch response {
        case .updated(let user, let pending): .success(Principal(user, pendingEmail: pending))
        case .rejected(let failure): .failure(viewModel(for: failure))
        case .invalidCredentials: .failure(LatchkeyError(message: "Wrong password.", kind: .notAuthenticated))
        case .throttled(let wait): .failure(.throttled(retryAfter: wait))
        case .sessionRefused(let problem): .failure(.session(problem))
        case .unavailable(let problem): .failure(.unavailable(problem))
        }
    }

    private static func viewModel(for failure: EditProfile.Update.Problem) -> LatchkeyError {
        switch failure {
        case .nothingToChange:
            LatchkeyError(message: "Nothing to change: give a name, a phone or an email.", kind: .invalidInput)
        case .invalidDisplayName: LatchkeyError(message: FieldText.invalidDisplayName, kind: .invalidInput)
        case .invalidPhone(let reason): LatchkeyError(message: FieldText.invalidPhone(reason), kind: .invalidInput)
        case .invalidEmail: LatchkeyError(message: FieldText.invalidEmail, kind: .invalidInput)
        case .emailTaken:
            LatchkeyError(message: "That email address is already in use.", kind: .invalidInput, code: .emailTaken)
        case .passwordRequired:
            LatchkeyError(message: "Changing the email address needs your password.", kind: .invalidInput)
        case .deliveryNotConfigured: noDelivery
        }
    }

    private static func viewModel(for response: EditProfile.RequestVerification.Response)
        -> EditProfile.RequestVerification.ViewModel
    {
        switch response {
        case .sent(let address): .success(address)
        case .nothingToVerify:
            .failure(LatchkeyError(message: "No email address waits for verification.", kind: .invalidInput))
        case .deliveryNotConfigured: .failure(noDelivery)
        case .sessionRefused(let problem): .failure(.session(problem))
        case .unavailable(let problem): .failure(.unavailable(problem))
        }
    }

    private static func viewModel(for response: EditProfile.Verify.Response) -> EditProfile.Verify.ViewModel {
        switch response {
        case .verified(_, let address): .success(address)
        case .invalidCode: .failure(invalidCode)
        case .throttled(let wait): .failure(.throttled(retryAfter: wait))
        case .emailTaken:
            .failure(
                LatchkeyError(
                    message: "That email address was verified by another account.", kind: .invalidInput,
                    code: .emailTaken))
        case .sessionRefused(let problem): .failure(.session(problem))
        case .unavailable(let problem): .failure(.unavailable(problem))
        }
    }
}

extension Reply: EditProfileDisplayLogic {
    func displayUpdate(viewModel: EditProfile.Update.ViewModel) { show(any: viewModel) }
    func displayVerificationRequest(viewModel: EditProfile.RequestVerification.ViewModel) { show(any: viewModel) }
    func displayVerification(viewModel: EditProfile.Verify.ViewModel) { show(any: viewModel) }
}
