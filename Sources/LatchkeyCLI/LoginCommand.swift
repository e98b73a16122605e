import ArgumentParser
import Latchkey

/// `latchkey login`: the display of the Login scene, which its router leads on to WhoAmI.
struct LoginCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in and show who you are.",
        discussion: """
            Saves the session token to the session file (0600) and shows the profile card. \
            The token is never printed, unless --json and --show-token are both given.

            Examples:
              latchkey login alice
              printf '%s\\n' 'correct horse battery staple' | latchkey login alice --password-stdin
            """)

    @Argument(help: "Your username.")
    var username: String

    @Flag(help: "Read the password as one line from standard input.")
    var passwordStdin = false

    @Flag(help: "With --json, include the session token (for scripts; keep it secret).")
    var showToken = false

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        if showToken && !options.json { throw ValidationError("--show-token goes with --json.") }
    }

    func run() throws {
        try runReportingFailures(json: options.json) {
            let password = try PasswordInput(fromStandardInput: passwordStdin).read(prompt: "Password")
            let factory = try options.sceneFactory()
            let view = LoginView(
                json: options.json, showToken: showToken, sessionFile: SessionFile(path: try Paths.sessionFile()),
                factory: factory)
            view.scene = factory.makeLoginScene(display: view)
            view.scene?.interactor.login(request: .init(username: username, password: password))
            try view.finish()
        }
    }
}

/// Shows the Login scene's view model, keeps the token, then asks the router for the WhoAmI scene.
final class LoginView: CommandView, LoginDisplayLogic, WhoAmIDisplayLogic {
    var scene: LoginScene?
    private let showToken: Bool
    private let sessionFile: SessionFile
    private let factory: SceneFactory
    private var token: SessionToken?

    init(json: Bool, showToken: Bool, sessionFile: SessionFile, factory: SceneFactory) {
        self.showToken = showToken
        self.sessionFile = sessionFile
        self.factory = factory
        super.init(json: json)
    }

    func displayLogin(viewModel: Login.Authenticate.ViewModel) {
        switch viewModel {
        case .signedIn(let message, let token):
            do {
                try sessionFile.write(token)
            } catch {
                // A session nobody can use is ended at once.
                factory.makeLogoutScene(display: SilentLogoutView()).interactor.logout(request: .init(token: token))
                record(
                    error as? CLIFailure
                        ?? CLIFailure(message: "Cannot save the session.", exitCode: ExitStatus.storage))
                return
            }
            self.token = token
            Console.message(message)
            scene?.router.routeToWhoAmI(display: self).interactor.fetchProfile(request: .init(token: nil))
        case .failed(let failure):
            record(failure)
        }
    }

    func displayProfile(viewModel: WhoAmI.Profile.ViewModel) {
        switch viewModel {
        case .card(let card):
            if json {
                var object: [String: Any] = ["signed_in": true, "profile": ProfileCardView.json(card)]
                if showToken, let token { object["token"] = token.secret }
                Console.json(object)
            } else {
                Console.out(ProfileCardView.text(card))
            }
        case .failed(let failure):
            record(failure)
        }
    }
}

/// Swallows the outcome of ending an unusable session; the save failure is what the user hears of.
final class SilentLogoutView: LogoutDisplayLogic {
    func displayLogout(viewModel: Logout.SignOut.ViewModel) {}
}
