import ArgumentParser
import Latchkey

/// `latchkey tokens`: personal access tokens for scripts and services (the AccessTokens scene's
/// display). Only a session may manage them.
struct TokensCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokens",
        abstract: "Create, list and revoke personal access tokens for scripts and services.",
        discussion: """
            A script acts with a token through LATCHKEY_TOKEN (or as a bearer token against
            latchkey-server). A token carries some of your roles and may use those you still hold.

            Examples:
              latchkey tokens create deploy --role deploy --expires-in 30d
              latchkey tokens list
              latchkey tokens revoke 3fa94c1e
            """,
        subcommands: [TokensListCommand.self, TokensCreateCommand.self, TokensRevokeCommand.self],
        defaultSubcommand: TokensListCommand.self)
}
