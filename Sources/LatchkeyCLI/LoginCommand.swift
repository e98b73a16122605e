import ArgumentParser
import Latchkey

/// `latchkey login`: the display of the Login scene, which its router leads on to WhoAmI.
struct LoginCommand: LatchkeyCommand {
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

    func execute(_ root: CompositionRoot) throws(CLIFailure) {
        let password = try PasswordInput(fromStandardInput: passwordStdin).read(prompt: "Password")
        let view = LoginView(json: options.json, showToken: showToken, sessionFile: try root.sessionFile())
        view.scene = try root.sceneFactory().makeLoginScene(display: view)
        view.scene?.interactor.login(request: .init(username: username, password: password))
        try view.finish()
    }
}

/// Shows the Login scene's view model, keeps the token, then asks the router for the WhoAmI scene.
final class LoginView: CommandView, LoginDisplayLogic, WhoAmIDisplayLogic {
    var scene: LoginScene?
    private let showToken: Bool
    private let sessionFile: SessionFile
    private var token: SessionToken?

    init(json: Bool, showToken: Bool, sessionFile: SessionFile) {
        self.showToken = showToken
        self.sessionFile = sessionFile
        super.init(json: json)
    }

    func displayLogin(viewModel: Login.Authenticate.ViewModel) {
        switch viewModel {
        case .signedIn(let message, let token):
            do {
                try sessionFile.write(token)
                try Console.message(message)
            } catch {
                // The token cannot be kept (or the user cannot be told): the scene ends the session.
                scene?.interactor.abandonSession(request: .init(token: token))
                record(error)
                return
            }
            self.token = token
            scene?.router.routeToWhoAmI(display: self).interactor.fetchProfile(request: .init(source: .handedOver))
        case .failed(let failure):
            record(failure)
        }
    }

    func displayProfile(viewModel: WhoAmI.Profile.ViewModel) {
        switch viewModel {
        case .card(let card):
            let token = showToken ? token?.secret : nil
            show(
                message: nil, json: JSONOutput.SignedIn(profile: .init(card: card), token: token),
                text: ProfileCardView.text(card))
        case .failed(let failure):
            record(failure)
        }
    }
}
