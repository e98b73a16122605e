import Foundation

/// Where a `DatabaseWorker` keeps its data.
public enum DatabaseLocation: Sendable, Hashable, CustomStringConvertible {
    /// A private SQLite database in memory, gone when the worker is released (tests, embedding tools).
    case inMemory
    /// A SQLite database file; a missing file and its missing folders are created private (0600 / 0700).
    case file(path: String)
    /// A PostgreSQL database, by a libpq connection URL (`postgresql://…` or `postgres://…`).
    case postgresql(url: String)

    /// A PostgreSQL URL for `postgresql://` and `postgres://` text, else a SQLite file path.
    public init(parsing text: String) {
        let lower = text.lowercased()
        if lower.hasPrefix("postgresql://") || lower.hasPrefix("postgres://") {
            self = .postgresql(url: text)
        } else {
            self = .file(path: text)
        }
    }

    /// The location for messages: a PostgreSQL URL through the one redacting formatter, which
    /// never shows a password.
    public var description: String {
        switch self {
        case .inMemory: ":memory:"
        case .file(let path): path
        case .postgresql(let url): ConnectionString(url).redacted
        }
    }
}
