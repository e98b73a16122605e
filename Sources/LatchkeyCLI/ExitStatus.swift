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
    /// The configuration (`LATCHKEY_CONFIG`, `LATCHKEY_POLICY_…`) was refused (sysexits' EX_CONFIG).
    static let configuration = ExitCode(78)

    /// The stable code of a command-line failure with `exit`: a usage error is invalid input too
    /// (the exit code, 64, tells them apart).
    static func code(of exit: ExitCode) -> LatchkeyError.Code {
        switch exit {
        case notAuthenticated: .invalidCredentials
        case usage, invalidInput, configuration: .invalidInput
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
