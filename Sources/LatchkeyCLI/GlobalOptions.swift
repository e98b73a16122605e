import ArgumentParser
import Foundation

/// Options every command takes, before or after the subcommand's name.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The SQLite file or postgresql:// URL (default: $LATCHKEY_DATABASE, else "
                + "$XDG_DATA_HOME/latchkey/latchkey.sqlite3).",
            valueName: "path-or-url"))
    var database: String?

    @Flag(name: .long, help: "Print the result as one JSON object on stdout.")
    var json = false

    /// The names `Arguments.hoistingGlobalOptions` moves after the subcommand; `true` when the option takes a value.
    static let names: [String: Bool] = ["--database": true, "--json": false]
}
