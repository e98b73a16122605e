/// What kind of failure a display shows, so that each display (a CLI's exit code, a web page's
/// status) can react to it in its own way.
public enum FailureKind: Sendable, Hashable {
    /// Wrong credentials, throttled, or no valid session.
    case notAuthenticated
    /// The input broke a rule.
    case invalidInput
    /// The database (or the key file beside it) could not be used.
    case storage
    /// The database stayed busy past the timeout: worth a retry.
    case busy
    /// The database server cannot be reached or refused the sign-in.
    case unavailable
    /// Signed in, but not allowed to do this.
    case forbidden
    /// A bug in Latchkey.
    case internalError
}

/// A failure ready to show: the message the presenter chose, its kind, and its stable code (the
/// one `LatchkeyError` and the CLI's JSON error object carry).
public struct FailureViewModel: Sendable, Hashable {
    /// One line, for a person.
    public let message: String
    /// What kind of failure it is.
    public let kind: FailureKind
    /// The stable machine-readable code.
    public let code: LatchkeyError.Code

    /// A failure with its message and kind, and a code more precise than the kind's when given.
    public init(message: String, kind: FailureKind, code: LatchkeyError.Code? = nil) {
        self.message = message
        self.kind = kind
        self.code = code ?? Self.code(of: kind)
    }

    /// The code a failure of `kind` has unless its presenter names a more precise one.
    static func code(of kind: FailureKind) -> LatchkeyError.Code {
        switch kind {
        case .notAuthenticated: .invalidCredentials
        case .invalidInput: .invalidInput
        case .storage: .storage
        case .busy: .busy
        case .unavailable: .unavailable
        case .forbidden: .forbidden
        case .internalError: .internalError
        }
    }

    /// The one wording for every sign-in failure, whatever its cause, so it tells an attacker nothing.
    public static let invalidCredentials = FailureViewModel(
        message: "Invalid username or password.", kind: .notAuthenticated)

    /// No token, or one that signs nobody in.
    public static let notSignedIn = FailureViewModel(
        message: "Not signed in.", kind: .notAuthenticated, code: .notSignedIn)

    /// A session past its lifetime or idle timeout.
    public static let sessionExpired = FailureViewModel(
        message: "Session expired.", kind: .notAuthenticated, code: .sessionExpired)

    /// A session that may only change its password.
    public static let passwordChangeRequired = FailureViewModel(
        message: "A new password is required: change the password first.", kind: .notAuthenticated,
        code: .passwordChangeRequired)

    /// The one wording for a throttled name, whether or not it exists.
    public static let throttled = FailureViewModel(
        message: "Too many attempts. Try again later.", kind: .notAuthenticated, code: .throttled)

    /// The wording for a refused session: the one helper every presenter uses.
    public static func session(_ problem: SessionProblem) -> FailureViewModel {
        switch problem {
        case .notSignedIn: .notSignedIn
        case .expired: .sessionExpired
        case .passwordChangeRequired: .passwordChangeRequired
        }
    }

    /// The wording for a request that could not be served.
    public static func unavailable(_ problem: ServiceProblem) -> FailureViewModel {
        switch problem {
        case .databaseBusy:
            FailureViewModel(message: "The database is busy. Try again in a moment.", kind: .busy)
        case .storage(let reason):
            FailureViewModel(message: "Storage error: \(reason)", kind: .storage)
        case .serverUnavailable(let reason):
            FailureViewModel(message: "Database server unavailable: \(reason)", kind: .unavailable)
        case .hashingFailed:
            // The CLI exits as for storage; a server answers 503, as for any passing shortage.
            FailureViewModel(message: "Not enough memory to check the password.", kind: .storage, code: .unavailable)
        case .secretKey(let reason):
            FailureViewModel(message: "Key file error: \(reason)", kind: .storage)
        case .internalError(let what):
            FailureViewModel(message: "Internal error (please report it): \(what)", kind: .internalError)
        case .deliveryQueueFull:
            FailureViewModel(
                message: "Too many messages are waiting to be sent. Try again shortly.", kind: .busy, code: .overloaded)
        case .shuttingDown:
            FailureViewModel(message: "The service is shutting down.", kind: .unavailable)
        }
    }

    /// The wording for a database that could not be opened at `path`.
    public static func cannotOpen(_ path: String, _ error: DatabaseError) -> FailureViewModel {
        if error.isBusy { return unavailable(.databaseBusy) }
        if case .misuse = error { return unavailable(.from(error)) }
        if error.isServerUnavailable {
            return FailureViewModel(
                message: "Cannot use the database at \(path): \(StorageText.explain(error))", kind: .unavailable)
        }
        return FailureViewModel(
            message: "Cannot use the database at \(path): \(StorageText.explain(error))", kind: .storage)
    }
}
