import ArgumentParser
import Latchkey

/// `latchkey clients rotate-secret NAME|CLIENT_ID`: a new secret, printed this once; the old one
/// stops working at once. Audited with the operating-system user.
struct ClientsRotateSecretCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "rotate-secret", abstract: "Give a confidential client a new secret (printed this once).",
        discussion: """
            The old secret stops working at once. A public client has no secret (exit 65).

            Examples:
              latchkey clients rotate-secret wiki
              latchkey clients rotate-secret wiki --json
            """)

    @Argument(help: "The client's client ID or name.")
    var client: String

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        let view = ClientsView(json: options.json)
        try root.sceneFactory().makeClientsScene(display: view).interactor.rotateSecret(
            request: .init(client: client, authority: .operator(AdminCommand.operatorName())))
        try view.finish()
    }
}
