import ArgumentParser
import Latchkey

/// `latchkey clients remove NAME|CLIENT_ID`: audited with the operating-system user.
struct ClientsRemoveCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a client: its client ID and secret stop working.",
        discussion: """
            An unknown client exits 65.

            Examples:
              latchkey clients remove wiki
            """)

    @Argument(help: "The client's client ID or name.")
    var client: String

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        let view = ClientsView(json: options.json)
        try root.sceneFactory().makeClientsScene(display: view).interactor.remove(
            request: .init(client: client, authority: .operator(AdminCommand.operatorName())))
        try view.finish()
    }
}
