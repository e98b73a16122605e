import ArgumentParser
import Foundation

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
