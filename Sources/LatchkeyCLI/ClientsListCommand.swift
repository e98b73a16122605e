import ArgumentParser
import Latchkey

/// `latchkey clients list`: every client, never a secret.
struct ClientsListCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the clients (never their secrets).",
        discussion: """
            By name: name, client ID, type, scopes and redirect URIs.

            Examples:
              latchkey clients list
              latchkey clients list --json
            """)

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        let view = ClientsView(json: options.json)
        try root.sceneFactory().makeClientsScene(display: view).interactor.list(request: .init())
        try view.finish()
    }
}
