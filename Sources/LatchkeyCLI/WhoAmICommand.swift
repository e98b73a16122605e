import ArgumentParser
import Latchkey

/// `latchkey whoami`: the display of the WhoAmI scene.
struct WhoAmICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "whoami",
        abstract: "Show the signed-in user's profile.",
        discussion: """
            Exits 1 with "Not signed in." or "Session expired." when there is no valid session.

            Examples:
              latchkey whoami
              latchkey whoami --json
            """)

    @OptionGroup var options: GlobalOptions

    func run() throws {
        try runReportingFailures(json: options.json) {
            let token = SessionFile(path: try Paths.sessionFile()).read()
            let view = WhoAmIView(json: options.json)
            let scene = try options.sceneFactory().makeWhoAmIScene(display: view)
            scene.interactor.fetchProfile(request: .init(token: token))
            try view.finish()
        }
    }
}

/// Shows the WhoAmI scene's view model.
final class WhoAmIView: CommandView, WhoAmIDisplayLogic {

    func displayProfile(viewModel: WhoAmI.Profile.ViewModel) {
        switch viewModel {
        case .card(let card):
            if json { Console.json(ProfileCardView.json(card)) } else { Console.out(ProfileCardView.text(card)) }
        case .failed(let failure):
            record(failure)
        }
    }
}
