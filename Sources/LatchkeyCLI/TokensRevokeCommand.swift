import ArgumentParser
import Latchkey

/// `latchkey tokens revoke ID`.
struct TokensRevokeCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke", abstract: "Revoke one of your tokens by its id.",
        discussion: "Examples:\n  latchkey tokens revoke 3fa94c1e")

    @Argument(help: "The token's id, as 'latchkey tokens list' shows it.")
    var id: String

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        try TokensView.run(root, options) { interactor, token in
            interactor.revokeToken(request: .init(token: token, id: id))
        }
    }
}
