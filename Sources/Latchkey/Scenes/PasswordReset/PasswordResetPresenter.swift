/// Turns reset outcomes into what every display shows; the request's answer never depends on the account.
package final class PasswordResetPresenter: ScenePresenter<any PasswordResetDisplayLogic>,
    PasswordResetPresentationLogic
{
    /// The one answer to every reset request.
    static let requested = "If that account exists, a reset code is on its way."

    package func presentBegun(response: PasswordReset.Begin.Response) {
        let viewModel: PasswordReset.Begin.ViewModel =
            switch response {
            case .requested: .success(Self.requested)
            case .deliveryNotConfigured:
                .failure(
                    LatchkeyError(
                        message: "Password reset needs a delivery: this installation has none configured.",
                        kind: .unavailable))
            case .unavailable(let problem): .failure(.unavailable(problem))
            }
        display?.displayBegun(viewModel: viewModel)
    }

    package func presentIssued(response: PasswordReset.Issue.Response) {
        let viewModel: PasswordReset.Issue.ViewModel =
            switch response {
            case .issued(let username, let code, let expiresAt):
                .success(IssuedResetCode(username: username, code: code, expires: expiresAt))
            case .noSuchUser: .failure(LatchkeyError(message: "No such user.", kind: .invalidInput, code: .notFound))
            case .disabled(let username):
                .failure(
                    LatchkeyError(
                        message: "\(username) is disabled: enable the account before giving it a reset code.",
                        kind: .invalidInput))
            case .refused(let problem): .failure(AdminPresenter.failure(problem))
            case .unavailable(let problem): .failure(.unavailable(problem))
            }
        display?.displayIssued(viewModel: viewModel)
    }

    package func presentCompleted(response: PasswordReset.Complete.Response) {
        let viewModel: PasswordReset.Complete.ViewModel =
            switch response {
            case .reset(_, let ended, let revoked):
                .success(PasswordResetResult(sessionsEnded: ended, accessTokensRevoked: revoked))
            case .invalidCode:
                .failure(
                    LatchkeyError(
                        message: "Invalid or expired reset code.", kind: .notAuthenticated, code: .invalidCredentials))
            case .throttled(let wait): .failure(.throttled(retryAfter: wait))
            case .rejected(let rejection):
                .failure(
                    LatchkeyError(message: PasswordText.explain(rejection), kind: .invalidInput, code: .weakPassword))
            case .unavailable(let problem): .failure(.unavailable(problem))
            }
        display?.displayCompleted(viewModel: viewModel)
    }
}

extension Reply: PasswordResetDisplayLogic {
    func displayBegun(viewModel: PasswordReset.Begin.ViewModel) { show(any: viewModel) }
    func displayCompleted(viewModel: PasswordReset.Complete.ViewModel) { show(any: viewModel) }
    func displayIssued(viewModel: PasswordReset.Issue.ViewModel) { show(any: viewModel) }
}
