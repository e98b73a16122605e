import ArgumentParser
import Latchkey

/// Shows the Logout scene's view model.
final class LogoutView: CommandView, LogoutDisplayLogic {
    func displayLogout(viewModel: Logout.SignOut.ViewModel) {
        switch viewModel {
        case .success(let ended):
            let message =
                switch ended {
                case 0: "Not signed in."
                case 1: "Signed out."
                default: "Signed out of \(ended) sessions."
                }
            show(message: message, json: JSONOutput.SignedOut(message: message), text: nil)
        case .failure(let failure): record(failure)
        }
    }
}
