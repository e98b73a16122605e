import ArgumentParser

/// Runs a command's body and turns a `CLIFailure` into one line on stderr (and a JSON object with
/// `--json`) and its exit code, so no failure ever surfaces as a stack trace.
func runReportingFailures(json: Bool, _ body: () throws -> Void) throws {
    do {
        try body()
    } catch let failure as CLIFailure {
        Console.message("latchkey: " + failure.message)
        if json { Console.json(failureJSON(failure)) }
        throw failure.exitCode
    }
}
