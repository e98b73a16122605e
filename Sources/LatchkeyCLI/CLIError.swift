import ArgumentParser
import Latchkey

/// A failure the CLI reports as one line on stderr and an exit code.
struct CLIError: Error {
    let message: String
    let exitCode: ExitCode
    /// The stable code of the JSON error object: the library's own for a presenter's failure.
    let code: LatchkeyError.Code
    /// The stream that could not be written, so the report does not try it again.
    var streamFailed: Int32? = nil

    /// A presenter's failure, with the exit code of its kind and its code.
    init(_ failure: LatchkeyError) {
        self.init(message: failure.message, exitCode: ExitStatus.of(failure.kind), code: failure.code)
    }

    /// A failure of the command line itself; its code follows from the exit code unless given.
    init(message: String, exitCode: ExitCode, code: LatchkeyError.Code? = nil, streamFailed: Int32? = nil) {
        self.message = message
        self.exitCode = exitCode
        self.code = code ?? ExitStatus.code(of: exitCode)
        self.streamFailed = streamFailed
    }
}
