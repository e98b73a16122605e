import ArgumentParser
import Latchkey

/// `latchkey sessions`: where you are signed in, and ending sessions (the Sessions scene's display).
struct SessionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: "List your live sessions, or end one or all others.",
        discussion: """
            Examples:
              latchkey sessions
              latchkey sessions revoke 3fa94c1e
              latchkey sessions revoke --others
            """,
        subcommands: [SessionsListCommand.self, SessionsRevokeCommand.self],
        defaultSubcommand: SessionsListCommand.self)
}
