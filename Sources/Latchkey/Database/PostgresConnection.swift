internal import CLibPQ
import Foundation

/// One libpq connection. Not thread-safe: its engine's pool lends it to one thread at a time.
///
/// Each statement is prepared once per connection under a name of its own, so the server plans it
/// once (the whoami statement: 0.08 ms prepared against 0.48 ms unnamed, pgbench on this machine).
/// Behind a pooler in transaction mode (`pooler=transaction` in the URL) a named statement would
/// outlive its transaction on a shared server connection, so there every statement goes unnamed
/// (parse, bind and execute in one round trip). Settings are `SET LOCAL` inside each transaction
/// either way, so a server connection carries nothing to the next client. Every operation has a client-side deadline:
/// past it the query is cancelled and reported as busy. Parameters go as text (numbers) or binary
/// (bytes); results come back in binary format, one row at a time, so memory does not grow with a
/// result's size.
package final class PostgresConnection: EngineConnection {
    let handle: OpaquePointer
    private let pq = LibPQ.loaded
    private let lockTimeout: Duration
    private let deadline: Duration
    /// A transaction pooler in between: no named statements.
    private let pooled: Bool
    /// Names handed out on this connection (each attempt a new one, so none is ever reused).
    private var preparedCount = 0
    /// Numbered text, parameter count and result columns per SQL text: known on this side only.
    private var statements: [String: Statement] = [:]
    /// Set once the connection cannot be trusted for another command (lost, or a cancel unanswered).
    private var broken = false
    private(set) var transactionGeneration: UInt64 = 0
    private(set) var changes = 0
    var isInTransaction = false
    var dialect: SQLDialect { .postgresql }

    private struct Statement {
        let text: String
        let parameterCount: Int
        var names: ColumnNames?
        /// The server-side name, once prepared on this connection (never behind a pooler).
        var name: String?
    }

    /// Counts this connection's exchanges with the server, with its pool's other connections.
    var roundTrips: EventCounter?
    var statementsAlone: Int?
    /// The limits of the operation this connection serves now (its engine sets them for each one);
    /// without them, each exchange gets the whole deadline and each transaction the lock timeout.
    var limits: OperationLimits?

    private init(handle: OpaquePointer, lockTimeout: Duration, deadline: Duration, pooled: Bool) {
        self.handle = handle
        self.lockTimeout = lockTimeout
        self.deadline = deadline
        self.pooled = pooled
    }

    deinit { pq.PQfinish(handle) }

    /// Connects with a libpq URL (every libpq default applies: PGHOST, PGUSER, ~/.pgpass, service
    /// files, PGSSLMODE). The notice processor is in place before the first byte is read, so nothing
    /// libpq receives reaches the terminal. An unreachable server, a refused sign-in and a server out
    /// of connection slots (busy: try again) are told apart; the password never appears in any.
    package static func connect(url: String, lockTimeout: Duration, deadline: Duration) throws(DatabaseError)
        -> PostgresConnection
    {
        let pq = try LibPQ.shared.get()
        let parsed = ConnectionString(url)
        let server = parsed.redacted
        // libpq's own complaint would quote the text it could not read, password and all.
        guard parsed.parsed else {
            throw .serverUnavailable(
                server: server, reason: "libpq cannot read the connection string (check its %-escapes and quoting).")
        }
        let options = parsed.options
        let keys = ["connect_timeout", "dbname", "fallback_application_name"]
        let values = ["10", parsed.libpqText, "latchkey"]
        let handle = withCStrings(keys) { keys in
            withCStrings(values) { values in pq.PQconnectStartParams(keys, values, 1) }
        }
        guard let handle else { throw .serverUnavailable(server: server, reason: "out of memory") }
        _ = pq.PQsetNoticeProcessor(handle, { _, _ in }, nil)
        // libpq's own connect_timeout applies per host to its blocking connect only: here it bounds
        // each host of the URL in turn.
        let perHost = Int(options["connect_timeout"] ?? "") ?? 10
        let hosts = max(1, (options["host"] ?? "").split(separator: ",").count)
        let limit = ContinuousClock.now + .seconds(max(2, perHost) * hosts)
        var status = PGRES_POLLING_WRITING
        while status != PGRES_POLLING_OK && status != PGRES_POLLING_FAILED {
            let ready = SocketWait.until(
                pq.PQsocket(handle), readable: status == PGRES_POLLING_READING, deadline: limit)
            guard ready else {
                pq.PQfinish(handle)
                throw .serverUnavailable(server: server, reason: "no answer within \(max(2, perHost) * hosts) s.")
            }
            status = pq.PQconnectPoll(handle)
        }
        guard pq.PQstatus(handle) == CONNECTION_OK else {
            let reason = ServerMessage.clean(cText(pq.PQerrorMessage(handle)), removing: parsed.secrets)
            let needsPassword = pq.PQconnectionNeedsPassword(handle) == 1
            pq.PQfinish(handle)
            if needsPassword {
                throw .serverLoginRefused(
                    server: server, reason: "the server asks for a password (put it in ~/.pgpass)")
            }
            if ServerMessage.isOutOfSlots(reason) {
                throw .postgresFailure(sqlState: "53300", message: "the server has no connection free")
            }
            if ServerMessage.isLoginRefusal(reason) { throw .serverLoginRefused(server: server, reason: reason) }
            throw .serverUnavailable(server: server, reason: reason)
        }
        return PostgresConnection(
            handle: handle, lockTimeout: lockTimeout, deadline: deadline, pooled: parsed.transactionPooler)
    }

    /// False once the server connection is lost or in doubt: the pool then opens a new one.
    var isUsable: Bool { !broken && pq.PQstatus(handle) == CONNECTION_OK }

    /// BEGIN and this transaction's settings, in one round trip (`SET LOCAL` ends with it, so a
    /// pooled server connection carries nothing to the next client). The transaction may wait for
    /// locks only as long as is left of its operation's busy timeout.
    func begin(_ sql: String) throws(DatabaseError) {
        let wait = limits?.lockWaitLeft ?? lockTimeout
        try executeScript("\(sql); SET LOCAL lock_timeout = \(max(1, wait.milliseconds))")
    }

    /// After a failure the server has usually aborted the transaction; a failed ROLLBACK changes nothing.
    func rollback() { try? executeScript("ROLLBACK") }

    func endTransaction() {
        isInTransaction = false
        transactionGeneration &+= 1
    }

    /// Runs SQL with no parameters (BEGIN, ROLLBACK, and migration scripts of several statements).
    package func executeScript(_ sql: String) throws(DatabaseError) {
        guard !broken, pq.PQsendQuery(handle, sql) == 1 else { throw lost(sql) }
        var failure: DatabaseError?
        try drain(sql) { result in
            let status = pq.PQresultStatus(result)
            if failure == nil, status != PGRES_COMMAND_OK, status != PGRES_TUPLES_OK {
                failure = error(result, sql: sql)
            }
        }
        if let failure { throw failure }
    }

    /// Commits; a transaction that had already failed is reported, never silently rolled back. A
    /// commit whose answer never came may or may not have been applied, and says so (08007).
    func commit() throws(DatabaseError) {
        guard !broken, pq.PQsendQuery(handle, "COMMIT") == 1 else { throw lost("COMMIT") }
        var failure: DatabaseError?
        var rolledBack = false
        try drain("COMMIT") { result in
            guard failure == nil else { return }
            if pq.PQresultStatus(result) != PGRES_COMMAND_OK {
                failure = error(result, sql: "COMMIT")
            } else if cText(pq.PQcmdStatus(result)) == "ROLLBACK" {
                rolledBack = true
            }
        }
        if let failure { throw failure }
        if rolledBack { throw .misused("a transaction was committed after one of its statements failed") }
    }

    func run(_ sql: String, _ values: [any SQLBindable], row: (Row) throws -> Void) throws {
        try countStatementAlone(sql)
        var statement = statement(for: sql)
        guard values.count == statement.parameterCount else {
            throw DatabaseError.misused(
                "\(values.count) values bound to \(statement.parameterCount) parameters of \"\(sql)\"")
        }
        if !pooled && statement.name == nil {
            statement.name = try prepare(statement, sql: sql)
            statements[sql] = statement
        }
        let parameters = try Parameters(values.map(\.sqlValue), sql: sql)
        defer { parameters.erase() }
        let count = Int32(values.count)
        let sent =
            if let name = statement.name {
                pq.PQsendQueryPrepared(
                    handle, name, count, parameters.values, parameters.lengths, parameters.formats, 1)
            } else {
                statement.text.withCString { text in
                    pq.PQsendQueryParams(
                        handle, text, count, nil, parameters.values, parameters.lengths, parameters.formats, 1)
                }
            }
        guard !broken, sent == 1 else { throw lost(sql) }
        // One row per result: a large table streams instead of being held whole.
        _ = pq.PQsetSingleRowMode(handle)
        var failure: (any Error)?
        try drain(sql) { result in
            guard failure == nil else { return }
            switch pq.PQresultStatus(result) {
            case PGRES_SINGLE_TUPLE, PGRES_TUPLES_OK:
                if statement.names == nil {
                    statement.names = columnNames(result)
                    statements[sql] = statement
                }
                let names = statement.names ?? columnNames(result)
                do {
                    for index in 0..<pq.PQntuples(result) {
                        try row(Row(cursor: .postgresql(result: result, row: index), sql: sql, names: names))
                    }
                } catch {
                    // The rest of the rows are not wanted: the server stops sending them.
                    failure = error
                    cancel()
                }
                if pq.PQresultStatus(result) == PGRES_TUPLES_OK { changes = Int(cText(pq.PQcmdTuples(result))) ?? 0 }
            case PGRES_COMMAND_OK:
                changes = Int(cText(pq.PQcmdTuples(result))) ?? 0
            default:
                failure = statementError(result, sql: sql)
            }
        }
        if let failure { throw failure }
    }

    /// Prepares `statement` under a new name; the name is kept only once the server confirmed it,
    /// so a statement that failed to prepare is never used by name.
    private func prepare(_ statement: Statement, sql: String) throws -> String {
        preparedCount += 1
        let name = "lk\(preparedCount)"
        guard !broken, pq.PQsendPrepare(handle, name, statement.text, Int32(statement.parameterCount), nil) == 1
        else { throw lost(sql) }
        var failure: DatabaseError?
        try drain(sql) { result in
            if failure == nil && pq.PQresultStatus(result) != PGRES_COMMAND_OK {
                failure = statementError(result, sql: sql)
            }
        }
        if let failure { throw failure }
        return name
    }

    /// A failed statement's error; several statements in one text are a misuse, said as such.
    private func statementError(_ result: OpaquePointer, sql: String) -> DatabaseError {
        let problem = error(result, sql: sql)
        if problem.sqlState == "42601", sql.contains(";") {
            return .misused("more than one statement in \"\(sql)\"")
        }
        return problem
    }

    /// The numbered text and parameter count of `sql`, worked out once per connection.
    private func statement(for sql: String) -> Statement {
        if let known = statements[sql] { return known }
        let (text, count) = PostgresPlaceholders.numbered(sql)
        let statement = Statement(text: text, parameterCount: count, names: nil)
        statements[sql] = statement
        return statement
    }

    private func columnNames(_ result: OpaquePointer) -> ColumnNames {
        var index: [String: Int32] = [:]
        for column in 0..<pq.PQnfields(result) {
            if let field = pq.PQfname(result, column) { index[String(cString: field)] = column }
        }
        return ColumnNames(index: index)
    }

    /// Hands every result of the command just sent to `each`, until libpq has no more: a command is
    /// only over once all its results are read. Past the deadline the query is cancelled, and what
    /// the server answers is still read; a server that answers not even the cancel leaves the
    /// connection broken.
    ///
    /// The wait ends at the operation's end, so no statement of it gets a deadline of its own; a read
    /// outside a transaction, which carries no `lock_timeout`, ends by the busy timeout as well.
    private func drain(_ sql: String, _ each: (OpaquePointer) -> Void) throws(DatabaseError) {
        roundTrips?.add()
        var limit = ContinuousClock.now + deadline
        if let limits {
            limit = min(limit, limits.end)
            if statementsAlone != nil { limit = min(limit, limits.lockWaitsEnd) }
        }
        var timedOut = false
        while true {
            while pq.PQisBusy(handle) == 1 {
                if !SocketWait.until(pq.PQsocket(handle), readable: true, deadline: limit) {
                    if timedOut {
                        broken = true
                        throw unanswered(sql)
                    }
                    timedOut = true
                    cancel()
                    limit = ContinuousClock.now + .seconds(5)
                    continue
                }
                guard pq.PQconsumeInput(handle) == 1 else {
                    broken = true
                    throw lost(sql)
                }
            }
            guard let result = pq.PQgetResult(handle) else { break }
            defer { pq.PQclear(result) }
            if !timedOut { each(result) }
        }
        if timedOut { throw unanswered(sql) }
    }

    /// Asks the server to stop the running query (a separate connection, as libpq does it).
    private func cancel() {
        guard let request = pq.PQgetCancel(handle) else { return }
        var message = [CChar](repeating: 0, count: 256)
        _ = pq.PQcancel(request, &message, Int32(message.count))
        pq.PQfreeCancel(request)
    }

    /// No answer within the deadline: a busy server (75), or for COMMIT an outcome nobody knows.
    private func unanswered(_ sql: String) -> DatabaseError {
        if sql == "COMMIT" { return outcomeUnknown("no answer to COMMIT in time") }
        return .postgresFailure(sqlState: "57014", message: "no answer in time; the query was cancelled", sql: sql)
    }

    private func lost(_ sql: String) -> DatabaseError {
        broken = true
        if sql == "COMMIT" { return outcomeUnknown("the connection was lost during COMMIT") }
        return .postgresFailure(sqlState: "08006", message: "the connection to the server was lost", sql: sql)
    }

    /// SQLSTATE 08007, transaction resolution unknown: the write may or may not have been saved.
    private func outcomeUnknown(_ what: String) -> DatabaseError {
        .postgresFailure(sqlState: "08007", message: what, sql: "COMMIT")
    }

    private func error(_ result: OpaquePointer, sql: String) -> DatabaseError {
        func field(_ code: UInt8) -> String? {
            pq.PQresultErrorField(result, Int32(code)).map { String(cString: $0) }
        }
        guard let state = field(UInt8(ascii: "C")) else { return lost(sql) }
        let message = field(UInt8(ascii: "M")) ?? "unknown error"
        return .postgresFailure(
            sqlState: state, message: message, constraintName: field(UInt8(ascii: "n")), sql: sql)
    }
}

extension Duration {
    /// Whole milliseconds.
    var milliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}

/// Bound values in the form libpq takes: numbers and text as text, bytes as binary. Erased after
/// use, so no bound value stays in freed memory.
private struct Parameters {
    let values: [UnsafePointer<CChar>?]
    let lengths: [Int32]
    let formats: [Int32]
    private let buffers: [(UnsafeMutableRawPointer, Int)]

    init(_ values: [SQLValue], sql: String) throws(DatabaseError) {
        var pointers: [UnsafePointer<CChar>?] = []
        var lengths: [Int32] = []
        var formats: [Int32] = []
        var buffers: [(UnsafeMutableRawPointer, Int)] = []
        func add(_ bytes: [UInt8], binary: Bool) {
            // Text goes NUL-terminated; a zero-length allocation is avoided for empty values.
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: bytes.count + 1, alignment: 1)
            buffer.copyMemory(from: bytes, byteCount: bytes.count)
            buffer.storeBytes(of: 0, toByteOffset: bytes.count, as: UInt8.self)
            buffers.append((buffer, bytes.count + 1))
            pointers.append(UnsafePointer(buffer.assumingMemoryBound(to: CChar.self)))
            lengths.append(Int32(clamping: bytes.count))
            formats.append(binary ? 1 : 0)
        }
        for value in values {
            switch value {
            case .null:
                pointers.append(nil)
                lengths.append(0)
                formats.append(0)
            case .integer(let integer): add(Array(String(integer).utf8), binary: false)
            case .real(let real): add(Array("\(real)".utf8), binary: false)
            case .text(let text):
                guard !text.utf8.contains(0) else {
                    for (buffer, count) in buffers { Self.wipe(buffer, count) }
                    throw .postgresFailure(sqlState: "22021", message: "a NUL character in text", sql: sql)
                }
                add(Array(text.utf8), binary: false)
            case .blob(let bytes): add(bytes, binary: true)
            }
        }
        self.values = pointers
        self.lengths = lengths
        self.formats = formats
        self.buffers = buffers
    }

    func erase() {
        for (buffer, count) in buffers { Self.wipe(buffer, count) }
    }

    private static func wipe(_ buffer: UnsafeMutableRawPointer, _ count: Int) {
        explicit_bzero(buffer, count)
        buffer.deallocate()
    }
}

/// `strings` as a NULL-terminated array of C strings, for the length of `body`.
private func withCStrings<R>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
    let copies = strings.map { strdup($0) }
    defer {
        // The URL may hold a password: wiped, not only freed.
        for copy in copies {
            if let copy { explicit_bzero(copy, strlen(copy)) }
            free(copy)
        }
    }
    return body(copies.map { UnsafePointer($0) } + [nil])
}

/// A C string libpq returned, or "" for none.
func cText(_ text: UnsafeMutablePointer<CChar>?) -> String {
    text.map { String(cString: $0) } ?? ""
}
