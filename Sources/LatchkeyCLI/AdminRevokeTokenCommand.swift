import ArgumentParser
import Foundation
import Latchkey

/// `latchkey admin revoke-token USER ID`: ids are short and per user, as for sessions.
struct AdminRevokeTokenCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke-token", abstract: "Revoke one of a user's personal access tokens by its id.",
        discussion: "Examples:\n  latchkey admin revoke-token alice 3fa94c1e")

    @Argument(help: "The username.")
    var username: String

    @Argument(help: "The token's id, as 'latchkey admin tokens USER' shows it.")
    var id: String

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        try AdminView.act(root, options, username, .revokeToken(id: id))
    }
}
