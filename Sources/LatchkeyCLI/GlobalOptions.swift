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

/// Runs a command's body with its composition root, and turns any failure into one line on stderr
/// (and the JSON error object with `--json`) and its exit code: written once for every command.
protocol LatchkeyCommand: ParsableCommand {
    var options: GlobalOptions { get }
    /// The command's work, given the composition root.
    func execute(_ root: CompositionRoot) throws(CLIError)
}

extension LatchkeyCommand {
    func run() throws {
        do {
            try execute(CompositionRoot(options: options))
        } catch {
            throw FailureReport.report(error, json: options.json)
        }
    }
}

/// Prints a failure the documented way and gives the exit code to end with.
enum FailureReport {
    static func report(_ failure: CLIError, json: Bool) -> ExitCode {
        if failure.streamFailed != STDERR_FILENO {
            try? Console.message("latchkey: " + failure.message)
        }
        if json && failure.streamFailed != STDOUT_FILENO {
            try? Console.json(JSONOutput.Failure(failure))
        }
        return failure.exitCode
    }
}
