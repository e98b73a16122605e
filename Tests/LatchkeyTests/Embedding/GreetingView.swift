import Foundation
import Latchkey

/// A display of your own: it keeps the lines a terminal, a window or a log would show.
final class GreetingView: LoginDisplayLogic, WhoAmIDisplayLogic {
    var scene: LoginScene?
    var lines: [String] = []

    func displayLogin(viewModel: Login.Authenticate.ViewModel) {
        guard case .signedIn(let message, _) = viewModel else { return lines.append("Sign-in failed.") }
        lines.append(message)
        // Ask the router where to go next: WhoAmI, already holding the signed-in user.
        scene?.router.routeToWhoAmI(display: self).interactor.fetchProfile(request: .init(source: .handedOver))
    }

    func displayProfile(viewModel: WhoAmI.Profile.ViewModel) {
        guard case .card(let card) = viewModel else { return }
        lines.append("\(card.username), phone \(card.maskedPhone ?? "not given")")
    }
}
