/// What kind of failure a display shows; the CLI maps each to its exit code.
public enum FailureKind: Sendable, Hashable {
    /// Wrong credentials, throttled, or no valid session (CLI exit 1).
    case notAuthenticated
    /// The input broke a rule (CLI exit 65).
    case invalidInput
    /// The database could not be used (CLI exit 74).
    case storage
    /// The database stayed busy past the timeout (CLI exit 75).
    case busy
}

/// A failure ready to show: the message the presenter chose, and its kind.
public struct FailureViewModel: Sendable, Hashable {
    public let message: String
    public let kind: FailureKind

    /// A failure with its message and kind.
    public init(message: String, kind: FailureKind) {
        self.message = message
        self.kind = kind
    }

    /// The one wording for every sign-in failure, whatever its cause, so it tells an attacker nothing.
    public static let invalidCredentials = FailureViewModel(
        message: "Invalid username or password.", kind: .notAuthenticated)

    /// No token, or one that signs nobody in.
    public static let notSignedIn = FailureViewModel(message: "Not signed in.", kind: .notAuthenticated)

    /// A session past its lifetime or idle timeout.
    public static let sessionExpired = FailureViewModel(message: "Session expired.", kind: .notAuthenticated)

    /// The one wording for a throttled name, whether or not it exists.
    public static let throttled = FailureViewModel(
        message: "Too many attempts. Try again later.", kind: .notAuthenticated)

    /// The wording for a request that could not be served.
    static func unavailable(_ problem: ServiceProblem) -> FailureViewModel {
        switch problem {
        case .databaseBusy:
            FailureViewModel(message: "The database is busy. Try again in a moment.", kind: .busy)
        case .storage(let reason):
            FailureViewModel(message: "Storage error: \(reason)", kind: .storage)
        case .hashingFailed:
            FailureViewModel(message: "Not enough memory to check the password.", kind: .storage)
        }
    }
}
