/// Turns profile changes and verifications into what a display shows.
public final class EditProfilePresenter: ScenePresenter<any EditProfileDisplayLogic>, EditProfilePresentationLogic {
    public func presentUpdate(response: EditProfile.Update.Response) {
        display?.displayUpdate(viewModel: Self.viewModel(for: response))
    }

    public func presentVerificationRequest(response: EditProfile.RequestVerification.Response) {
        display?.displayVerificationRequest(viewModel: Self.viewModel(for: response))
    }

    public func presentVerification(response: EditProfile.Verify.Response) {
        display?.displayVerification(viewModel: Self.viewModel(for: response))
    }

    static let noDelivery = LatchkeyError(
        message: "Verifying an email address needs a delivery: this installation has none configured.",
        kind: .unavailable)

    static let invalidCode = LatchkeyError(
        message: "Invalid or expired verification code.", kind: .notAuthenticated, code: .invalidCredentials)

    static func viewModel(for response: EditProfile.Update.Response) -> EditProfile.Update.ViewModel {
        switch response {
        case .updated(let user, let pending?):
            .updated(
                message:
                    "Profile updated. A code was sent to \(pending): the address changes once it is verified "
                    + "('latchkey verify-email').",
                profile: Principal(user, session: nil))
        case .updated(let user, nil): .updated(message: "Profile updated.", profile: Principal(user, session: nil))
        case .rejected(let failure): .failed(viewModel(for: failure))
        case .invalidCredentials: .failed(LatchkeyError(message: "Wrong password.", kind: .notAuthenticated))
        case .throttled: .failed(.throttled)
        case .sessionRefused(let problem): .failed(.session(problem))
        case .unavailable(let problem): .failed(.unavailable(problem))
        }
    }

    static func viewModel(for failure: EditProfile.Update.Failure) -> LatchkeyError {
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

    static func viewModel(for response: EditProfile.RequestVerification.Response)
        -> EditProfile.RequestVerification.ViewModel
    {
        switch response {
        case .sent(let address): .sent(message: "A verification code was sent to \(address).")
        case .nothingToVerify:
            .failed(LatchkeyError(message: "No email address waits for verification.", kind: .invalidInput))
        case .deliveryNotConfigured: .failed(noDelivery)
        case .sessionRefused(let problem): .failed(.session(problem))
        case .unavailable(let problem): .failed(.unavailable(problem))
        }
    }

    static func viewModel(for response: EditProfile.Verify.Response) -> EditProfile.Verify.ViewModel {
        switch response {
        case .verified(_, let address): .verified(message: "Email address \(address) verified.")
        case .invalidCode: .failed(invalidCode)
        case .throttled: .failed(.throttled)
        case .emailTaken:
            .failed(
                LatchkeyError(
                    message: "That email address was verified by another account.", kind: .invalidInput,
                    code: .emailTaken))
        case .sessionRefused(let problem): .failed(.session(problem))
        case .unavailable(let problem): .failed(.unavailable(problem))
        }
    }
}

/// The assembled EditProfile scene, held by its display.
public struct EditProfileScene {
    public let interactor: any EditProfileBusinessLogic
}

extension SceneFactory {
    /// Assembles the EditProfile scene around `display`.
    public func makeEditProfileScene(display: any EditProfileDisplayLogic) -> EditProfileScene {
        EditProfileScene(
            interactor: EditProfileInteractor(presenter: EditProfilePresenter(display: display), workers: workers))
    }
}
