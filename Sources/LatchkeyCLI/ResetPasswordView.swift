import ArgumentParser
import Latchkey

/// Shows the PasswordReset scene's view models.
final class ResetPasswordView: CommandView, PasswordResetDisplayLogic {
    func displayBegun(viewModel: PasswordReset.Begin.ViewModel) {
        switch viewModel {
        case .success(let message): show(message: message, json: JSONOutput.Changed(message: message), text: nil)
        case .failure(let failure): record(failure)
        }
    }

    func displayCompleted(viewModel: PasswordReset.Complete.ViewModel) {
        switch viewModel {
        case .success(let result):
            let ended = result.sessionsEnded
            let message =
                (ended == 0
                    ? "Password reset. Sign in with the new password."
                    : "Password reset. Sign in with the new password; \(ended) session(s) were signed out.")
                + AccessTokenText.revoked(result.accessTokensRevoked)
            show(message: message, json: Merged(result, JSONOutput.Changed(message: message)), text: nil)
        case .failure(let failure): record(failure)
        }
    }

    func displayIssued(viewModel: PasswordReset.Issue.ViewModel) {
        switch viewModel {
        case .success(let issued):
            let message =
                "Reset code for \(issued.username), valid until \(DateText.format(issued.expires)): hand it over "
                + "privately; they run 'latchkey reset-password \(issued.username)'."
            show(message: message, json: issued, text: issued.code)
        case .failure(let failure): record(failure)
        }
    }
}
