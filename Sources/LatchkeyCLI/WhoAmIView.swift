import ArgumentParser
import Latchkey

/// Shows the WhoAmI scene's view model.
final class WhoAmIView: CommandView, WhoAmIDisplayLogic {
    func displayProfile(viewModel: WhoAmI.Profile.ViewModel) {
        switch viewModel {
        case .success(let profile): show(message: nil, json: profile, text: ProfileCardView.text(profile))
        case .failure(let failure): record(failure)
        }
    }
}
