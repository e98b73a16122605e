import ArgumentParser
import Latchkey

/// `latchkey logout`: the display of the Logout scene.
struct LogoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Sign out and remove the session file.",
        discussion: """
            Signing out when signed out is not an error.

            Examples:
              latchkey logout
              latchkey logout --all      # every session of this user, on every machine
            """)

    @Flag(help: "End every session of this user, not only this one.")
    var all = false

    @OptionGroup var options: GlobalOptions

    func run() throws {
        try runReportingFailures(json: options.json) {
            let sessionFile = SessionFile(path: try Paths.sessionFile())
            let view = LogoutView(json: options.json)
            let scene = try options.sceneFactory().makeLogoutScene(display: view)
            scene.interactor.logout(request: .init(token: sessionFile.read(), everywhere: all))
            try view.finish()
            try sessionFile.remove()
        }
    }
}

/// Shows the Logout scene's view model.
final class LogoutView: CommandView, LogoutDisplayLogic {

    func displayLogout(viewModel: Logout.SignOut.ViewModel) {
        switch viewModel {
        case .signedOut(let message):
            Console.message(message)
            if json { Console.json(["signed_out": true, "message": message]) }
        case .failed(let failure):
            record(failure)
        }
    }
}
