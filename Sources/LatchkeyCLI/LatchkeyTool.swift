import ArgumentParser
import Foundation
import Latchkey

/// The `latchkey` command: user accounts and sign-in over SQLite or PostgreSQL.
@main
struct LatchkeyTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "latchkey",
        abstract: "User accounts and sign-in over SQLite or PostgreSQL.",
        discussion: """
            Passwords and second-factor codes are read from the terminal with echo off, or as lines of \
            standard input with --password-stdin (and --code-stdin); no option or argument ever takes \
            one. --database and --json may come before or after the command.

            Exit codes:
              0   success
              1   not authenticated (wrong credentials, throttled, no or expired session)
              64  usage error (bad option, no terminal and no --password-stdin, --database :memory:)
              65  invalid input (bad username, weak password, malformed phone or email, invalid UTF-8)
              69  database server unavailable (unreachable, or it refused the sign-in)
              70  internal error (a bug in Latchkey: please report it)
              73  database copy refused: the target already holds Latchkey data
              74  storage error (cannot open, not a Latchkey database, read-only, open to other users,
                  newer schema, damaged, key file or session file unusable, output cannot be written)
              75  database busy past the \(SecurityPolicy().busyTimeout.components.seconds) s timeout: try again
              77  forbidden (signed in, without the role)

            Files:
              database  --database, $LATCHKEY_DATABASE, or $XDG_DATA_HOME/latchkey/latchkey.sqlite3
                        (~/.local/share/latchkey/latchkey.sqlite3), created 0600 in a 0700 folder;
                        postgresql://… or postgres://… selects a PostgreSQL server (libpq: ~/.pgpass,
                        PGHOST, PGUSER, PGSSLMODE and service files apply)
              key file  $LATCHKEY_SECRET_KEY_FILE, or the database path + ".key" (for PostgreSQL,
                        $XDG_CONFIG_HOME/latchkey/postgresql.key), created 0600 when first needed or by
                        `latchkey key init`; it keys the hashes of unknown names and seals second factors;
                        the database records the first key used and refuses any other: every machine
                        needs a copy
              delivery  $LATCHKEY_DELIVER_COMMAND: a command run by /bin/sh for each reset or verification
                        code, with one JSON object on its standard input (none: no codes are sent)
              session   $LATCHKEY_SESSION_FILE, or $XDG_STATE_HOME/latchkey/session
                        (~/.local/state/latchkey/session), written atomically, 0600 in a 0700 folder
            """,
        version: LatchkeyRelease.version,
        subcommands: [
            RegisterCommand.self, LoginCommand.self, WhoAmICommand.self, LogoutCommand.self, PasswdCommand.self,
            ResetPasswordCommand.self, ProfileCommand.self, VerifyEmailCommand.self, HistoryCommand.self,
            SessionsCommand.self, PasskeysCommand.self, TokensCommand.self, MfaCommand.self,
            AdminCommand.self, OIDCCommand.self, ClientsCommand.self,
            DatabaseCommand.self, KeyCommand.self,
        ]
    )

    /// Parses with global options allowed before the subcommand, and reports every parser error
    /// as one `latchkey: …` line (and the JSON error object with `--json`), exit 64.
    static func main() {
        ProcessHardening.apply()
        // A closed pipe is a failed write (reported, exit 74), not a silent death by signal.
        signal(SIGPIPE, SIG_IGN)
        let given = Array(CommandLine.arguments.dropFirst())
        if let quick = QuickCommand(given) { Glibc.exit(quick.run()) }
        let names = Set(configuration.subcommands.compactMap { $0.configuration.commandName })
        let arguments = Arguments.hoistingGlobalOptions(given, subcommands: names)
        let json = arguments.contains("--json")
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            Glibc.exit(0)
        } catch let code as ExitCode {
            Glibc.exit(code.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                // --help and --version: print as the parser means them.
                _ = try? Console.out(fullMessage(for: error))
                Glibc.exit(0)
            }
            Glibc.exit(FailureReport.report(ParserFailure.describe(error, code: code), json: json).rawValue)
        }
    }
}
