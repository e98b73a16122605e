/// Turns reset outcomes into what a display shows; the request's answer never depends on the account.
public final class PasswordResetPresenter: ScenePresenter<any PasswordResetDisplayLogic>,
    PasswordResetPresentationLogic
{
    /// The one answer to every reset request.
    static let requested = "If that account exists, a reset code is on its way."

    public func presentBegun(response: PasswordReset.Begin.Response) {
        display?.displayBegun(viewModel: Self.viewModel(for: response))
    }

    public func presentCompleted(response: PasswordReset.Complete.Response) {
        display?.displayCompleted(viewModel: Self.viewModel(for: response))
    }

    static func viewModel(for response: PasswordReset.Begin.Response) -> PasswordReset.Begin.ViewModel {
        switch response {
        case .requested: .requested(message: requested)
        case .deliveryNotConfigured:
            .failed(
                LatchkeyError(
                    message: "Password reset needs a delivery: this installation has none configured.",
                    kind: .unavailable))
        case .unavailable(let problem): .failed(.unavailable(problem))
        }
    }

    public func presentIssued(response: PasswordReset.Issue.Response) {
        display?.displayIssued(viewModel: Self.viewModel(for: response))
    }

    static func viewModel(for response: PasswordReset.Issue.Response) -> PasswordReset.Issue.ViewModel {
        switch response {
        case .issued(let username, let code, let expiresAt):
            .issued(
                code: code,
                message:
                    "Reset code for \(username), valid until \(DateText.format(expiresAt)): hand it over privately; "
                    + "they run 'latchkey reset-password \(username)'.",
                expires: DateText.iso8601(expiresAt))
        case .noSuchUser: .failed(LatchkeyError(message: "No such user.", kind: .invalidInput, code: .notFound))
        case .disabled(let username):
            .failed(
                LatchkeyError(
                    message: "\(username) is disabled: enable the account before giving it a reset code.",
                    kind: .invalidInput))
        case .unavailable(let problem): .failed(.unavailable(problem))
        }
    }

    static func viewModel(for response: PasswordReset.Complete.Response) -> PasswordReset.Complete.ViewModel {
        switch response {
        case .reset(_, let ended, let revoked):
            .reset(
                message: (ended == 0
                    ? "Password reset. Sign in with the new password."
                    : "Password reset. Sign in with the new password; \(ended) session(s) were signed out.")
                    + AccessTokenText.revoked(revoked))
        case .invalidCode:
            .failed(
                LatchkeyError(
                    message: "Invalid or expired reset code.", kind: .notAuthenticated, code: .invalidCredentials))
        case .throttled: .failed(.throttled)
        case .rejected(let rejection):
            .failed(
                LatchkeyError(message: PasswordText.explain(rejection), kind: .invalidInput, code: .weakPassword))
        case .unavailable(let problem): .failed(.unavailable(problem))
        }
    }
}

/// The assembled PasswordReset scene, held by its display.
public struct PasswordResetScene {
    public let interactor: any PasswordResetBusinessLogic
}

extension SceneFactory {
    /// Assembles the PasswordReset scene around `display`.
    public func makePasswordResetScene(display: any PasswordResetDisplayLogic) -> PasswordResetScene {
        PasswordResetScene(
            interactor: PasswordResetInteractor(presenter: PasswordResetPresenter(display: display), workers: workers))
    }
}
