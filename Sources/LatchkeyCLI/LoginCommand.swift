import ArgumentParser
import Foundation
import Latchkey

/// `latchkey login`: the display of the Login scene, which its router leads on to WhoAmI.
struct LoginCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in and show who you are.",
        discussion: """
            Saves the session token to the session file (0600) and shows the profile card. \
            The token is never printed, unless --json and --show-token are both given.

            With a second factor, the code is asked for after the password, or read from standard input \
            with --code-stdin (the second line with --password-stdin); a recovery code works in its place. \
            A code is never taken as an argument.

            Examples:
              latchkey login alice
              printf '%s\\n' 'correct horse battery staple' | latchkey login alice --password-stdin
              printf '%s\\n%s\\n' 'correct horse battery staple' 123456 | latchkey login alice --password-stdin
            """)

    @Argument(help: "Your username.")
    var username: String

    @Flag(help: "Read the password as one line from standard input.")
    var passwordStdin = false

    @Flag(help: "With --json, include the session token (for scripts; keep it secret).")
    var showToken = false

    @OptionGroup var code: CodeOptions

    @Option(help: "A name for this session in 'latchkey sessions' (default: this host's name and \"latchkey\").")
    var label: String?

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        if showToken && !options.json { throw ValidationError("--show-token goes with --json.") }
    }

    func execute(_ root: CompositionRoot) throws(CLIError) {
        let input = PasswordInput(fromStandardInput: passwordStdin, codeFromStandardInput: code.codeStdin)
        let password = try input.read(prompt: "Password")
        let view = LoginView(json: options.json, showToken: showToken, sessionFile: try root.sessionFile()) {
            () throws(CLIError) -> String in try input.readCode()
        }
        view.scene = try root.sceneFactory().makeLoginScene(display: view)
        view.scene?.interactor.login(
            request: .init(username: username, password: password, label: label ?? Self.defaultLabel()))
        try view.finish()
    }
}

extension LoginCommand {
    /// "myhost (latchkey)", within the label's bounds.
    static func defaultLabel() -> String {
        var name = [CChar](repeating: 0, count: 256)
        let bytes = gethostname(&name, name.count) == 0 ? name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) } : []
        // Only the characters a host name should have, so the default always passes the label rules.
        let host = String(decoding: bytes, as: UTF8.self).filter {
            $0.isASCII && ($0.isLetter || $0.isNumber || "-.".contains($0))
        }
        return (host.isEmpty ? "this computer" : String(host.prefix(48))) + " (latchkey)"
    }
}

/// Shows the Login scene's view model, keeps the token, then asks the router for the WhoAmI scene.
final class LoginView: CommandView, LoginDisplayLogic, WhoAmIDisplayLogic {
    var scene: LoginScene?
    private let showToken: Bool
    private let sessionFile: SessionFile
    private var token: SessionToken?
    private let readCode: () throws(CLIError) -> String

    init(json: Bool, showToken: Bool, sessionFile: SessionFile, readCode: @escaping () throws(CLIError) -> String) {
        self.showToken = showToken
        self.sessionFile = sessionFile
        self.readCode = readCode
        super.init(json: json)
    }

    func displayLogin(viewModel: Login.Authenticate.ViewModel) {
        let result: SignInResult
        switch viewModel {
        case .success(let value): result = value
        case .failure(let failure): return record(failure)
        }
        let signedIn = "Signed in as \(result.principal?.username ?? "")."
        switch result.status {
        case .signedIn:
            guard keep(result.token, saying: signedIn) else { return }
            scene?.router.routeToWhoAmI(display: self).interactor.fetchProfile(request: .init(source: .handedOver))
        case .passwordChangeRequired:
            // The session serves only `latchkey passwd`: no card.
            let message = signedIn + " A new password is required before anything else: change it now."
            guard keep(result.token, saying: message + " Run: latchkey passwd") else { return }
            if json { emit { () throws(CLIError) in try Console.json(JSONOutput.PasswordChangeRequired()) } }
        case .secondFactorRequired:
            // Asked only now that the password is known to be right (as GitHub's CLI does).
            let code: String
            do { code = try readCode() } catch {
                record(error)
                return
            }
            let challenge = LoginChallenge(secret: result.challenge ?? "")
            scene?.interactor.completeLogin(request: .init(challenge: challenge, code: code))
        }
    }

    /// Saves the token and tells the user; a token that cannot be kept has its session ended at once.
    private func keep(_ text: String?, saying message: String) -> Bool {
        guard let token = text.flatMap(SessionToken.init) else {
            record(LatchkeyError(code: .internalError, message: "Internal error: a sign-in answered no token."))
            return false
        }
        do {
            try sessionFile.write(token)
            try Console.message(message)
        } catch {
            scene?.interactor.abandonSession(request: .init(token: token))
            record(error)
            return false
        }
        self.token = token
        return true
    }

    func displayProfile(viewModel: WhoAmI.Profile.ViewModel) {
        switch viewModel {
        case .success(let profile):
            let token = showToken ? token?.secret : nil
            show(
                message: nil, json: JSONOutput.SignedIn(profile: profile, token: token),
                text: ProfileCardView.text(profile))
        case .failure(let failure):
            record(failure)
        }
    }
}
