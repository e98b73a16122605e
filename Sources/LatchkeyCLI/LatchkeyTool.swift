import ArgumentParser

/// The `latchkey` command: user accounts and sign-in over SQLite.
@main
struct LatchkeyTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "latchkey",
        abstract: "User accounts and sign-in over SQLite.",
        discussion: """
            Passwords are read from the terminal with echo off, or as one line from standard input \
            with --password-stdin; no option ever takes a password.

            Exit codes:
              0   success
              1   not authenticated (wrong credentials, no or expired session)
              64  usage error (bad option, no terminal and no --password-stdin)
              65  invalid input (bad username, weak password, malformed phone or email)
              74  storage error (cannot open, not a database, read-only, newer schema)
              75  database busy past the 5 s timeout: try again

            Files:
              database  --database, $LATCHKEY_DATABASE, or $XDG_DATA_HOME/latchkey/latchkey.sqlite3
                        (~/.local/share/latchkey/latchkey.sqlite3), created 0600 in a 0700 folder
              session   $LATCHKEY_SESSION_FILE, or $XDG_STATE_HOME/latchkey/session
                        (~/.local/state/latchkey/session), written atomically, 0600 in a 0700 folder
            """,
        version: "0.1.0",
        subcommands: [
            RegisterCommand.self, LoginCommand.self, WhoAmICommand.self, LogoutCommand.self, PasswdCommand.self,
            HistoryCommand.self,
        ]
    )
}
