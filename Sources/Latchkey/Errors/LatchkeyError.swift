/// The one failure value: what every presenter shows and the async service throws: a stable machine-readable code and the presenter's
/// one-line message for a person. A server maps the code to a status; the message never holds a
/// secret, SQL or a stack.
public struct LatchkeyError: Error, Codable, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as a stable string a client can switch on.
    public enum Code: String, Codable, Sendable, Hashable, CaseIterable {
        /// Wrong password, unknown or disabled user: deliberately one code.
        case invalidCredentials = "invalid_credentials"
        /// Too many failures for this name or address: refused without checking the password.
        case throttled = "throttled"
        /// The password was right; the sign-in needs its second-factor code.
        case secondFactorRequired = "second_factor_required"
        /// No token, or one that signs nobody in.
        case notSignedIn = "not_signed_in"
        /// The session is past its lifetime or its idle timeout.
        case sessionExpired = "session_expired"
        /// The session may only change its password.
        case passwordChangeRequired = "password_change_required"
        /// The change needs a recent sign-in: sign in again, then retry.
        case reauthenticationRequired = "reauthentication_required"
        /// Signed in, but without a role this needs.
        case forbidden = "forbidden"
        /// No account by that name (administration only: sign-in never says so).
        case notFound = "not_found"
        /// The input broke a rule; the message says which.
        case invalidInput = "invalid_input"
        /// The new password is too short, too common or contains the username.
        case weakPassword = "weak_password"
        /// Another account has that username.
        case usernameTaken = "username_taken"
        /// Another account has proved that email address.
        case emailTaken = "email_taken"
        /// The hashing lane's queue, or the delivery queue, is full: try again shortly (HTTP 503 with
        /// Retry-After). Nothing was done.
        case overloaded = "overloaded"
        /// The database stayed busy past its timeout: worth a retry.
        case busy = "busy"
        /// The database server cannot be reached or refused the sign-in.
        case unavailable = "unavailable"
        /// The database or its key file cannot be used.
        case storage = "storage"
        /// A bug in Latchkey.
        case internalError = "internal"
    }

    /// The stable code.
    public let code: Code
    /// One line for a person, worded by the scene's presenter.
    public let message: String
    /// What kind of failure it is, so each display reacts in its own way (the CLI's exit status).
    package let kind: FailureKind
    /// How long to wait before trying again, when the failure knows: for `throttled`, the time the
    /// lock has left (a server sends it as Retry-After). Not part of the JSON error object.
    public let retryAfter: Duration?

    /// An error with its code and message.
    public init(code: Code, message: String) {
        self.init(message: message, kind: Self.kind(of: code), code: code)
    }

    /// A presenter's failure: its message and kind, and a code more precise than the kind's when given.
    package init(message: String, kind: FailureKind, code: Code? = nil, retryAfter: Duration? = nil) {
        self.code = code ?? Self.code(of: kind)
        self.message = message
        self.kind = kind
        self.retryAfter = retryAfter
    }

    public var description: String { "\(code.rawValue): \(message)" }

    enum CodingKeys: String, CodingKey {
        case code, message
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            code: try container.decode(Code.self, forKey: .code),
            message: try container.decode(String.self, forKey: .message))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(message, forKey: .message)
    }

    /// The kind a failure with `code` has when nobody says otherwise.
    static func kind(of code: Code) -> FailureKind {
        switch code {
        case .invalidCredentials, .throttled, .secondFactorRequired, .notSignedIn, .sessionExpired,
            .passwordChangeRequired, .reauthenticationRequired:
            .notAuthenticated
        case .forbidden: .forbidden
        case .notFound, .invalidInput, .weakPassword, .usernameTaken, .emailTaken: .invalidInput
        case .overloaded, .busy: .busy
        case .unavailable: .unavailable
        case .storage: .storage
        case .internalError: .internalError
        }
    }

    /// The lane refused the work before it started.
    static func refused(_ refusal: LaneRefusalError) -> LatchkeyError {
        switch refusal {
        case .overloaded: LatchkeyError(code: .overloaded, message: "Too many sign-ins at once. Try again shortly.")
        case .shutDown: LatchkeyError(code: .unavailable, message: "The service is shutting down.")
        }
    }

    /// The code a failure of `kind` has unless its presenter names a more precise one.
    static func code(of kind: FailureKind) -> Code {
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
    package static let invalidCredentials = LatchkeyError(
        message: "Invalid username or password.", kind: .notAuthenticated)

    /// No token, or one that signs nobody in.
    package static let notSignedIn = LatchkeyError(
        message: "Not signed in.", kind: .notAuthenticated, code: .notSignedIn)

    /// A session past its lifetime or idle timeout.
    package static let sessionExpired = LatchkeyError(
        message: "Session expired.", kind: .notAuthenticated, code: .sessionExpired)

    /// A session that may only change its password.
    package static let passwordChangeRequired = LatchkeyError(
        message: "A new password is required: change the password first.", kind: .notAuthenticated,
        code: .passwordChangeRequired)

    /// The one wording for a throttled name, whether or not it exists, with the time its lock has left.
    package static func throttled(retryAfter: Duration) -> LatchkeyError {
        LatchkeyError(
            message: "Too many attempts. Try again later.", kind: .notAuthenticated, code: .throttled,
            retryAfter: retryAfter)
    }

    /// The wording for a refused session: the one helper every presenter uses.
    package static func session(_ problem: SessionProblem) -> LatchkeyError {
        switch problem {
        case .notSignedIn: .notSignedIn
        case .expired: .sessionExpired
        case .passwordChangeRequired: .passwordChangeRequired
        }
    }

    /// The wording for a request that could not be served.
    package static func unavailable(_ problem: ServiceProblem) -> LatchkeyError {
        switch problem {
        case .databaseBusy:
            LatchkeyError(message: "The database is busy. Try again in a moment.", kind: .busy)
        case .storage(let reason):
            LatchkeyError(message: "Storage error: \(reason)", kind: .storage)
        case .serverUnavailable(let reason):
            LatchkeyError(message: "Database server unavailable: \(reason)", kind: .unavailable)
        case .hashingFailed:
            // The CLI exits as for storage; a server answers 503, as for any passing shortage.
            LatchkeyError(message: "Not enough memory to check the password.", kind: .storage, code: .unavailable)
        case .secretKey(let reason):
            LatchkeyError(message: "Key file error: \(reason)", kind: .storage)
        case .internalError(let what):
            LatchkeyError(message: "Internal error (please report it): \(what)", kind: .internalError)
        case .deliveryQueueFull:
            LatchkeyError(
                message: "Too many messages are waiting to be sent. Try again shortly.", kind: .busy, code: .overloaded)
        case .shuttingDown:
            LatchkeyError(message: "The service is shutting down.", kind: .unavailable)
        }
    }

    /// The wording for a database that could not be opened at `path`.
    package static func cannotOpen(_ path: String, _ error: DatabaseError) -> LatchkeyError {
        if error.isBusy { return unavailable(.databaseBusy) }
        if case .misuse = error { return unavailable(.from(error)) }
        if error.isServerUnavailable {
            return LatchkeyError(
                message: "Cannot use the database at \(path): \(StorageText.explain(error))", kind: .unavailable)
        }
        return LatchkeyError(
            message: "Cannot use the database at \(path): \(StorageText.explain(error))", kind: .storage)
    }
}
