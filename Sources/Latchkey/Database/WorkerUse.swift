/// How the threads of a process use a worker, which decides how many SQLite connections it opens.
/// PostgreSQL's pool opens a connection only when no open one is free, so it needs no such choice.
package enum WorkerUse: Sendable {
    /// Threads reading and writing at once (a server, a library user): a SQLite file gets reader
    /// connections beside the writer, so a read never waits for a write.
    case concurrent
    /// One command on one thread (the CLI): reads run on the writer connection, so the process
    /// opens one connection and reads the schema once instead of twice.
    case oneCommand
}
