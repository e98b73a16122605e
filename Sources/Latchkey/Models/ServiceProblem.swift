/// Why a request could not be served at all, as opposed to being refused.
package enum ServiceProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// Another process held the database past the busy timeout: worth retrying.
    case databaseBusy
    /// The database server could not be reached, or refused to sign Latchkey in; the text says which.
    case serverUnavailable(String)
    /// The database could not be read or written; the text says why (never with secrets or SQL).
    case storage(String)
    /// Argon2id could not get its memory.
    case hashingFailed
    /// The installation secret (the key file) is missing, unreadable or malformed.
    case secretKey(String)
    /// A bug in Latchkey (the storage layer was misused); the text names it for a bug report.
    case internalError(String)
    /// The service's delivery queue is full: a request that would send a message is refused, with
    /// nothing issued (try again shortly).
    case deliveryQueueFull
    /// The service is shutting down and sends no more messages.
    case shuttingDown

    /// The problem as one sentence, as the CLI and the server print it.
    package var description: String { LatchkeyError.unavailable(self).message }

    /// Classifies an error thrown by a Worker.
    package static func from(_ error: any Error) -> ServiceProblem {
        switch error {
        case let error as DatabaseError where error.isBusy: .databaseBusy
        case DatabaseError.misuse(let what): .internalError(what)
        case let error as DatabaseError where error.isServerUnavailable: .serverUnavailable(StorageText.explain(error))
        case let error as DatabaseError: .storage(StorageText.explain(error))
        case is PasswordHashingError: .hashingFailed
        case DeliveryQueueError.full: .deliveryQueueFull
        case DeliveryQueueError.shutDown: .shuttingDown
        case let error as InstallationSecretError: .secretKey(error.description)
        case is SecretBoxError:
            .secretKey("it does not open this database's second-factor secrets: is it this installation's key?")
        default: .internalError(String(describing: type(of: error)))
        }
    }
}
