/// Why a request could not be served at all, as opposed to being refused.
public enum ServiceProblem: Error, Sendable, Hashable {
    /// Another process held the database past the busy timeout: worth retrying.
    case databaseBusy
    /// The database could not be read or written; the text says why (never with secrets).
    case storage(String)
    /// Argon2id could not get its memory.
    case hashingFailed

    /// Classifies an error thrown by a Worker.
    static func from(_ error: any Error) -> ServiceProblem {
        switch error {
        case let error as DatabaseError where error.isBusy: .databaseBusy
        case let error as DatabaseError: .storage(error.description)
        case is PasswordHashingError: .hashingFailed
        default: .storage(String(describing: type(of: error)))
        }
    }
}
