import ArgumentParser
import Latchkey

/// `latchkey whoami`: the display of the WhoAmI scene.
struct WhoAmICommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "whoami",
        abstract: "Show the signed-in user's profile.",
        discussion: """
            Exits 1 with "Not signed in." or "Session expired." when there is no valid session. With
            LATCHKEY_TOKEN set, shows the user of that personal access token instead.

            Examples:
              latchkey whoami
              latchkey whoami --json
            """)

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        try Self.show(json: options.json, root)
    }

    /// The command's work, also run by ``QuickCommand`` without the argument parser.
    static func show(json: Bool, _ root: CompositionRoot) throws(CLIError) {
        // LATCHKEY_TOKEN, when set, answers instead of the session file (a script's identity).
        let source: WhoAmI.Profile.Source =
            if let text = Paths.accessToken() { .accessToken(AccessToken(text)) } else {
                .token(try root.sessionFile().read())
            }
        let view = WhoAmIView(json: json)
        try root.sceneFactory().makeWhoAmIScene(display: view).interactor.fetchProfile(request: .init(source: source))
        try view.finish()
    }
}
