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

    /// The location for messages: a URL's password is replaced by `***`.
    public var description: String {
        switch self {
        case .inMemory: ":memory:"
        case .file(let path): path
        case .postgresql(let url): Self.redacted(url)
        }
    }

    /// `url` without its password, in the userinfo part or as a `password=` parameter.
    static func redacted(_ url: String) -> String {
        var text = url
        if let scheme = text.range(of: "://") {
            let authorityEnd = text[scheme.upperBound...].firstIndex { $0 == "/" || $0 == "?" } ?? text.endIndex
            let authority = text[scheme.upperBound..<authorityEnd]
            if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
                text.replaceSubrange(text.index(after: colon)..<at, with: "***")
            }
        }
        // A password given as a query parameter (`?password=…`).
        if let query = text.firstIndex(of: "?") {
            let parameters = text[text.index(after: query)...].split(separator: "&", omittingEmptySubsequences: false)
            let cleaned = parameters.map { $0.lowercased().hasPrefix("password=") ? "password=***" : String($0) }
            text = String(text[...query]) + cleaned.joined(separator: "&")
        }
        return text
    }
}
