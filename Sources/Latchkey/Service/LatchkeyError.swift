/// The one error the async service throws: a stable machine-readable code and the presenter's
/// one-line message for a person. A server maps the code to a status; the message never holds a
/// secret, SQL or a stack.
public struct LatchkeyError: Error, Codable, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as a stable string a client can switch on.
    public enum Code: String, Codable, Sendable, Hashable, CaseIterable {
        case invalidCredentials = "invalid_credentials"
        case throttled = "throttled"
        case secondFactorRequired = "second_factor_required"
        case notSignedIn = "not_signed_in"
        case sessionExpired = "session_expired"
        case passwordChangeRequired = "password_change_required"
        case forbidden = "forbidden"
        /// No account by that name (administration only: sign-in never says so).
        case notFound = "not_found"
        case invalidInput = "invalid_input"
        case weakPassword = "weak_password"
        case usernameTaken = "username_taken"
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

    /// An error with its code and message.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }

    /// A presenter's failure: its code and its one line.
    init(_ failure: FailureViewModel) {
        self.init(code: failure.code, message: failure.message)
    }

    /// A refused session, worded as every presenter words it.
    static func session(_ problem: SessionProblem) -> LatchkeyError {
        LatchkeyError(FailureViewModel.session(problem))
    }

    /// A request that could not be served, worded as every presenter words it.
    static func unavailable(_ problem: ServiceProblem) -> LatchkeyError {
        LatchkeyError(FailureViewModel.unavailable(problem))
    }

    /// The lane refused the work before it started.
    static func refused(_ refusal: LaneRefusal) -> LatchkeyError {
        switch refusal {
        case .overloaded: LatchkeyError(code: .overloaded, message: "Too many sign-ins at once. Try again shortly.")
        case .shutDown: LatchkeyError(code: .unavailable, message: "The service is shutting down.")
        }
    }
}
