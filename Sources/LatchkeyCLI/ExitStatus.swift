import ArgumentParser
import Latchkey

/// The documented exit codes (sysexits, like swift-argument-parser's own 64).
enum ExitStatus {
    static let notAuthenticated = ExitCode(1)
    static let usage = ExitCode(64)
    static let invalidInput = ExitCode(65)
    static let unavailable = ExitCode(69)
    static let software = ExitCode(70)
    static let cannotCreate = ExitCode(73)
    static let storage = ExitCode(74)
    static let busy = ExitCode(75)
    static let forbidden = ExitCode(77)

    /// The exit code for a failure the presenter classified.
    static func of(_ kind: FailureKind) -> ExitCode {
        switch kind {
        case .notAuthenticated: notAuthenticated
        case .invalidInput: invalidInput
        case .storage: storage
        case .busy: busy
        case .unavailable: unavailable
        case .internalError: software
        case .forbidden: forbidden
        }
    }
}

/// A failure the CLI reports as one line on stderr and an exit code.
struct CLIFailure: Error {
    let message: String
    let exitCode: ExitCode
    /// The stream that could not be written, so the report does not try it again.
    var streamFailed: Int32? = nil

    /// A presenter's failure, with the exit code of its kind.
    init(_ failure: FailureViewModel) {
        self.init(message: failure.message, exitCode: ExitStatus.of(failure.kind))
    }

    init(message: String, exitCode: ExitCode, streamFailed: Int32? = nil) {
        self.message = message
        self.exitCode = exitCode
        self.streamFailed = streamFailed
    }
}
