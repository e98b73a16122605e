import ArgumentParser
import Latchkey

/// Shows the Register scene's view model.
final class RegisterView: CommandView, RegisterDisplayLogic {
    func displayRegistration(viewModel: Register.CreateAccount.ViewModel) {
        switch viewModel {
        case .success(let profile):
            show(
                message: "Account \(profile.username) created.", json: JSONOutput.Registered(profile: profile),
                text: ProfileCardView.text(profile))
        case .failure(let failure):
            record(failure)
        }
    }
}
