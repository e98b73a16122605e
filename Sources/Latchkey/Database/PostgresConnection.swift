internal import CLibPQ
import Foundation

/// One libpq connection and its prepared statements. Not thread-safe: its engine's pool lends it to
/// one thread at a time. Parameters go as text (numbers) or binary (bytes) and the server infers
/// their types from the statement; results come back in binary format.
final class PostgresConnection: EngineConnection {
    let handle: OpaquePointer
    private let pq = LibPQ.loaded
    private var statements: [String: Prepared] = [:]
    private(set) var transactionGeneration: UInt64 = 0
    private(set) var changes = 0
    var isInTransaction = false
    var dialect: SQLDialect { .postgresql }

    /// A statement prepared on the server under `name`, with its parameter count and columns.
    private struct Prepared {
        let name: String
        let parameterCount: Int
        let names: ColumnNames
    }

    private init(handle: OpaquePointer) {
        self.handle = handle
    }

    deinit { pq.PQfinish(handle) }

    /// Connects with a libpq URL (every libpq default applies: PGHOST, PGUSER, ~/.pgpass, service
    /// files, PGSSLMODE), waiting up to `busyTimeout` for a lock once connected. An unreachable
    /// server and a refused sign-in are told apart; the password never appears in either message.
    static func connect(url: String, busyTimeout: Duration) throws(DatabaseError) -> PostgresConnection {
        let pq = try LibPQ.shared.get()
        let keys = ["connect_timeout", "dbname", "fallback_application_name"]
        let values = ["10", url, "latchkey"]
        let handle = withCStrings(keys) { keys in
            withCStrings(values) { values in pq.PQconnectdbParams(keys, values, 1) }
        }
        guard let handle else {
            throw .serverUnavailable(server: DatabaseLocation.redacted(url), reason: "out of memory")
        }
        guard pq.PQstatus(handle) == CONNECTION_OK else {
            let reason = ServerMessage.clean(cText(pq.PQerrorMessage(handle)), removing: passwords(in: url))
            let needsPassword = pq.PQconnectionNeedsPassword(handle) == 1
            pq.PQfinish(handle)
            let server = DatabaseLocation.redacted(url)
            if needsPassword {
                throw .serverLoginRefused(
                    server: server, reason: "the server asks for a password (put it in ~/.pgpass)")
            }
            if ServerMessage.isLoginRefusal(reason) { throw .serverLoginRefused(server: server, reason: reason) }
            throw .serverUnavailable(server: server, reason: reason)
        }
        // Notices ("relation already exists, skipping") are not the user's business.
        _ = pq.PQsetNoticeProcessor(handle, { _, _ in }, nil)
        let connection = PostgresConnection(handle: handle)
        let milliseconds =
            busyTimeout.components.seconds * 1000 + busyTimeout.components.attoseconds / 1_000_000_000_000_000
        try connection.executeScript("SET lock_timeout = \(max(1, milliseconds)); SET client_min_messages = warning;")
        return connection
    }

    /// The password a URL carries (in its user part or as a parameter), as libpq reads it.
    private static func passwords(in url: String) -> [String] {
        let pq = LibPQ.loaded
        var found: [String] = []
        var error: UnsafeMutablePointer<CChar>?
        if let options = pq.PQconninfoParse(url, &error) {
            var option = options
            while let keyword = option.pointee.keyword {
                if String(cString: keyword) == "password", let value = option.pointee.val {
                    found.append(String(cString: value))
                }
                option += 1
            }
            pq.PQconninfoFree(options)
        }
        if let error { pq.PQfreemem(error) }
        return found.filter { !$0.isEmpty }
    }

    /// False once the server connection is lost: the pool then opens a new one.
    var isUsable: Bool { pq.PQstatus(handle) == CONNECTION_OK }

    func begin(_ sql: String) throws(DatabaseError) { try executeScript(sql) }

    /// After a failure the server has usually aborted the transaction; a failed ROLLBACK changes nothing.
    func rollback() { try? executeScript("ROLLBACK") }

    func endTransaction() {
        isInTransaction = false
        transactionGeneration &+= 1
    }

    /// Runs a command with no parameters (BEGIN, ROLLBACK, SET, and migration scripts of several statements).
    func executeScript(_ sql: String) throws(DatabaseError) {
        guard let result = pq.PQexec(handle, sql) else { throw lost(sql) }
        defer { pq.PQclear(result) }
        let status = pq.PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else { throw error(result, sql: sql) }
    }

    /// Commits; a transaction that had already failed is reported, never silently rolled back.
    func commit() throws(DatabaseError) {
        guard let result = pq.PQexec(handle, "COMMIT") else { throw lost("COMMIT") }
        defer { pq.PQclear(result) }
        guard pq.PQresultStatus(result) == PGRES_COMMAND_OK else { throw error(result, sql: "COMMIT") }
        if cText(pq.PQcmdStatus(result)) == "ROLLBACK" {
            throw .misused("a transaction was committed after one of its statements failed")
        }
    }

    func run(_ sql: String, _ values: [any SQLBindable], row: (Row) throws -> Void) throws {
        let prepared = try statement(sql)
        guard values.count == prepared.parameterCount else {
            throw DatabaseError.misused(
                "\(values.count) values bound to \(prepared.parameterCount) parameters of \"\(sql)\"")
        }
        let parameters = try Parameters(values.map(\.sqlValue), sql: sql)
        defer { parameters.erase() }
        let result = prepared.name.withCString { name in
            pq.PQexecPrepared(
                handle, name, Int32(values.count), parameters.values, parameters.lengths, parameters.formats, 1)
        }
        guard let result else { throw lost(sql) }
        defer { pq.PQclear(result) }
        switch pq.PQresultStatus(result) {
        case PGRES_TUPLES_OK:
            changes = Int(cText(pq.PQcmdTuples(result))) ?? 0
            for index in 0..<pq.PQntuples(result) {
                try row(Row(cursor: .postgresql(result: result, row: index), sql: sql, names: prepared.names))
            }
        case PGRES_COMMAND_OK:
            changes = Int(cText(pq.PQcmdTuples(result))) ?? 0
        default:
            throw error(result, sql: sql)
        }
    }

    /// The prepared statement for `sql`, prepared (and described) on first use.
    private func statement(_ sql: String) throws(DatabaseError) -> Prepared {
        if let cached = statements[sql] { return cached }
        let name = "latchkey_\(statements.count)"
        guard let prepared = pq.PQprepare(handle, name, PostgresPlaceholders.number(sql), 0, nil) else {
            throw lost(sql)
        }
        defer { pq.PQclear(prepared) }
        guard pq.PQresultStatus(prepared) == PGRES_COMMAND_OK else {
            let failure = error(prepared, sql: sql)
            if failure.postgresError?.sqlState == "42601", sql.contains(";") {
                throw .misused("more than one statement in \"\(sql)\"")
            }
            throw failure
        }
        guard let description = pq.PQdescribePrepared(handle, name) else { throw lost(sql) }
        defer { pq.PQclear(description) }
        var index: [String: Int32] = [:]
        for column in 0..<pq.PQnfields(description) {
            if let field = pq.PQfname(description, column) { index[String(cString: field)] = column }
        }
        let statement = Prepared(
            name: name, parameterCount: Int(pq.PQnparams(description)), names: ColumnNames(index: index))
        statements[sql] = statement
        return statement
    }

    private func lost(_ sql: String) -> DatabaseError {
        .postgresql(PostgresError(sqlState: "08006", message: "the connection to the server was lost", sql: sql))
    }

    private func error(_ result: OpaquePointer, sql: String) -> DatabaseError {
        func field(_ code: UInt8) -> String? {
            pq.PQresultErrorField(result, Int32(code)).map { String(cString: $0) }
        }
        guard let state = field(UInt8(ascii: "C")) else { return lost(sql) }
        let message = field(UInt8(ascii: "M")) ?? "unknown error"
        return .postgresql(
            PostgresError(sqlState: state, message: message, constraintName: field(UInt8(ascii: "n")), sql: sql))
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
                    throw .postgresql(PostgresError(sqlState: "22021", message: "a NUL character in text", sql: sql))
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

/// libpq's connection messages, made into one line without any password.
enum ServerMessage {
    static func clean(_ message: String, removing secrets: [String]) -> String {
        var line = message.split(whereSeparator: \.isNewline).first.map(String.init) ?? "no reason given"
        for secret in secrets { line = line.replacing(secret, with: "***") }
        line = line.trimmingCharacters(in: .whitespaces)
        return line.hasSuffix(".") ? line : line + "."
    }

    /// True for the messages of a server that answered but would not sign Latchkey in.
    static func isLoginRefusal(_ message: String) -> Bool {
        message.contains("authentication failed") || message.contains("no pg_hba.conf entry")
            || (message.contains("role \"") && message.contains("does not exist"))
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
private func cText(_ text: UnsafeMutablePointer<CChar>?) -> String {
    text.map { String(cString: $0) } ?? ""
}
