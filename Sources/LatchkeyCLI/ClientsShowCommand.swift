import ArgumentParser
import Latchkey

/// `latchkey clients show NAME|CLIENT_ID`: one client, never its secret.
struct ClientsShowCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show one client (never its secret).",
        discussion: """
            Examples:
              latchkey clients show wiki
              latchkey clients show lkc_5Kq0tZ3mX8aQ1pL7vN2wRb --json
            """)

    @Argument(help: "The client's client ID or name.")
    var client: String

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        let view = ClientsView(json: options.json)
        try root.sceneFactory().makeClientsScene(display: view).interactor.show(request: .init(client: client))
        try view.finish()
    }
}
