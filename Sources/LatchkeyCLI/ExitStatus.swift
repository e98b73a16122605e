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

    /// The stable code of a command-line failure with `exit`: a usage error is invalid input too
    /// (the exit code, 64, tells them apart).
    static func code(of exit: ExitCode) -> LatchkeyError.Code {
        switch exit {
        case notAuthenticated: .invalidCredentials
        case usage, invalidInput: .invalidInput
        case unavailable: .unavailable
        case cannotCreate, storage: .storage
        case busy: .busy
        case forbidden: .forbidden
        default: .internalError
        }
    }

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
