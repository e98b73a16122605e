/// Where a `DatabaseWorker` keeps its data.
public enum DatabaseLocation: Sendable, Hashable {
    /// A private database in memory, gone when the worker is released (tests, embedding tools).
    case inMemory
    /// A database file; a missing file and its missing folders are created private (0600 / 0700).
    case file(path: String)
}
