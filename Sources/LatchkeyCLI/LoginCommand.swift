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
        try Self.signIn(
            username, input: PasswordInput(fromStandardInput: passwordStdin, codeFromStandardInput: code.codeStdin),
            showToken: showToken, label: label, json: options.json, root)
    }

    /// The command's work, also run by ``QuickCommand`` without the argument parser.
    static func signIn(
        _ username: String, input: PasswordInput, showToken: Bool, label: String?, json: Bool, _ root: CompositionRoot
    ) throws(CLIError) {
        let password = try input.read(prompt: "Password")
        let view = LoginView(json: json, showToken: showToken, sessionFile: try root.sessionFile()) {
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
