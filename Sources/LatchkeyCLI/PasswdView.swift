import ArgumentParser
import Latchkey

/// Shows the ChangePassword scene's view model.
final class PasswdView: CommandView, ChangePasswordDisplayLogic {
    func displayPasswordChange(viewModel: ChangePassword.Update.ViewModel) {
        switch viewModel {
        case .success(let result):
            let message = Self.message(result)
            show(message: message, json: JSONOutput.PasswordChanged(message: message, result: result), text: nil)
        case .failure(let failure): record(failure)
        }
    }

    /// What the change ended and kept, in words.
    static func message(_ result: PasswordChangeResult) -> String {
        let ended =
            switch result.otherSessionsEnded {
            case 0: ""
            case 1: " 1 other session was signed out."
            case let count: " \(count) other sessions were signed out."
            }
        return "Password changed." + ended + AccessTokenText.revoked(result.accessTokensRevoked)
            + AccessTokenText.kept(result.accessTokensKept)
    }
}
