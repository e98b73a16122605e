import ArgumentParser
import Foundation

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
