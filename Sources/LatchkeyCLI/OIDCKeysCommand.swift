import ArgumentParser
import Latchkey

/// `latchkey oidc keys`: the signing keys and where each is in its life.
struct OIDCKeysCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys", abstract: "List the signing keys (never a private one).",
        discussion: """
            Oldest first: key ID, algorithm, state (next, signing, previous, retired), created, \
            signing from, retires.

            Examples:
              latchkey oidc keys
              latchkey oidc keys --json
            """)

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        let view = SigningKeysView(json: options.json)
        try root.sceneFactory().makeSigningKeysScene(display: view).interactor.list(
            request: .init(authority: .operator(AdminCommand.operatorName())))
        try view.finish()
    }
}
