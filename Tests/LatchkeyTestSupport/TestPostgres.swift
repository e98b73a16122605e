import Foundation
import Latchkey
import Synchronization

/// A throwaway PostgreSQL server for this test process: `initdb` into a temporary folder, listening
/// on a Unix socket only (no TCP port), started on first use and stopped when the process exits
/// (and by a watchdog if the process dies). As root, the server runs as the `postgres` user.
/// Each test gets a schema of its own, so tests run in parallel on one server.
final class TestPostgres: Sendable {
    /// The server, or why there is none (no server binaries: those cases are skipped, said once).
    static let shared: Result<TestPostgres, Unavailable> = start()

    struct Unavailable: Error, CustomStringConvertible {
        let description: String
        /// True when the machine has no PostgreSQL server binaries at all (a skip, not a failure).
        let noBinaries: Bool
    }

    let folder: String
    private let admin: Mutex<PostgresConnection>
    private let nextSchema = Atomic<Int>(0)

    private init(folder: String, admin: sending PostgresConnection) {
        self.folder = folder
        self.admin = Mutex(admin)
    }

    /// The URL of the server's database with `schema` first on the search path.
    func url(schema: String? = nil) -> String {
        let base = "postgresql:///postgres?host=\(folder)&user=latchkey"
        return schema.map { base + "&options=-csearch_path%3D\($0)" } ?? base
    }

    /// A new, empty schema and the location of a database that uses it.
    func freshDatabase() throws -> DatabaseLocation {
        let name = "t\(getpid())_\(nextSchema.add(1, ordering: .relaxed).newValue)"
        try admin.withLock { connection throws(DatabaseError) in
            try connection.executeScript("CREATE SCHEMA \(name)")
        }
        return .postgresql(url: url(schema: name))
    }

    /// Runs SQL on the server outside any worker (as a test's second machine or an operator would).
    func execute(_ sql: String) throws {
        try admin.withLock { connection throws(DatabaseError) in try connection.executeScript(sql) }
    }

    // MARK: Starting and stopping

    /// The newest server binaries: `$LATCHKEY_POSTGRES_BIN`, else /usr/lib/postgresql/<version>/bin.
    static func binaries() -> String? {
        if let named = ProcessInfo.processInfo.environment["LATCHKEY_POSTGRES_BIN"] { return named }
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return versions.compactMap(Int.init).sorted().reversed().map { "\(root)/\($0)/bin" }
            .first { FileManager.default.isExecutableFile(atPath: $0 + "/initdb") }
    }

    private static func start() -> Result<TestPostgres, Unavailable> {
        guard let bin = binaries() else {
            return .failure(
                Unavailable(
                    description:
                        "no PostgreSQL server binaries (apt-get install postgresql, or set LATCHKEY_POSTGRES_BIN)",
                    noBinaries: true))
        }
        do {
            let folder = try makeFolder()
            let data = folder + "/data"
            try run(
                bin + "/initdb",
                ["-D", data, "-U", "latchkey", "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync"])
            let settings =
                "-k \(folder) -c listen_addresses='' -c fsync=off -c synchronous_commit=off -c full_page_writes=off "
                + "-c max_connections=400 -c shared_buffers=32MB"
            try run(bin + "/pg_ctl", ["-D", data, "-l", folder + "/server.log", "-w", "-o", settings, "start"])
            stopCommand.withLock { $0 = (bin + "/pg_ctl", ["-D", data, "-m", "immediate", "stop"], folder) }
            atexit { TestPostgres.stop() }
            startWatchdog(bin: bin, data: data, folder: folder)
            let url = "postgresql:///postgres?host=\(folder)&user=latchkey"
            let admin = try PostgresConnection.connect(url: url, lockTimeout: .seconds(30), deadline: .seconds(60))
            return .success(TestPostgres(folder: folder, admin: admin))
        } catch {
            return .failure(
                Unavailable(description: "the test PostgreSQL server did not start: \(error)", noBinaries: false))
        }
    }

    private static let stopCommand = Mutex<(String, [String], String)?>(nil)

    // MARK: PgBouncer in front of it

    /// A PgBouncer in transaction pooling mode in front of this server, with two server connections
    /// per database, so clients share server connections as in a real deployment; or why there is
    /// none (no pgbouncer binary: those cases fail, since CI installs it).
    static let bouncer: Result<String, Unavailable> = startBouncer()

    /// The URL of a new, empty database reached through PgBouncer (PgBouncer does not pass the
    /// `options` a schema would need, so each test gets a database of its own).
    func bouncedDatabase() throws -> DatabaseLocation {
        let socketFolder = try Self.bouncer.get()
        let name = "b\(getpid())_\(nextSchema.add(1, ordering: .relaxed).newValue)"
        try execute("CREATE DATABASE \(name)")
        return .postgresql(
            url: "postgresql:///\(name)?host=\(socketFolder)&port=6432&user=latchkey&pooler=transaction")
    }

    private static func startBouncer() -> Result<String, Unavailable> {
        guard case .success(let server) = shared else {
            return .failure(Unavailable(description: "no PostgreSQL server", noBinaries: true))
        }
        let binary = "/usr/sbin/pgbouncer"
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            return .failure(Unavailable(description: "no pgbouncer (apt-get install pgbouncer)", noBinaries: false))
        }
        do {
            let folder = try makeFolder()
            let config = """
                [databases]
                * = host=\(server.folder) user=latchkey pool_size=2
                [pgbouncer]
                listen_addr =
                listen_port = 6432
                unix_socket_dir = \(folder)
                auth_type = any
                pool_mode = transaction
                max_client_conn = 500
                default_pool_size = 2
                ignore_startup_parameters = extra_float_digits
                logfile = \(folder)/pgbouncer.log
                pidfile = \(folder)/pgbouncer.pid
                """
            try config.write(toFile: folder + "/pgbouncer.ini", atomically: true, encoding: .utf8)
            if getuid() == 0, let user = getpwnam("postgres") {
                chown(folder + "/pgbouncer.ini", user.pointee.pw_uid, user.pointee.pw_gid)
            }
            try run(binary, ["-d", folder + "/pgbouncer.ini"])
            // Stopped with the server: the watchdog and the exit handler end it by its pid file.
            let stop = "kill $(cat \(folder)/pgbouncer.pid) 2>/dev/null; rm -rf \(folder)"
            let script = "while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done; \(stop)"
            _ = try? spawn(["/bin/sh", "-c", script], output: "/dev/null")
            for _ in 0..<100 where !FileManager.default.fileExists(atPath: folder + "/.s.PGSQL.6432") {
                usleep(20_000)
            }
            return .success(folder)
        } catch let failure as Unavailable {
            return .failure(failure)
        } catch {
            return .failure(Unavailable(description: "pgbouncer did not start: \(error)", noBinaries: false))
        }
    }

    /// Stops the server at once and removes its folder.
    static func stop() {
        guard let (tool, arguments, folder) = stopCommand.withLock({ $0.take() }) else { return }
        try? run(tool, arguments)
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A folder the server's user owns (the `postgres` user when the tests run as root).
    private static func makeFolder() throws -> String {
        var template = Array("/tmp/latchkey-pg-XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        let folder = String(cString: created)
        if getuid() == 0 {
            guard let user = getpwnam("postgres") else {
                throw Unavailable(description: "no postgres user", noBinaries: false)
            }
            chown(folder, user.pointee.pw_uid, user.pointee.pw_gid)
        }
        return folder
    }

    /// Runs a server tool (as `postgres` under root), failing with its output when it fails.
    private static func run(_ tool: String, _ arguments: [String]) throws {
        let asServerUser = getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] : []
        // A file, not a pipe: the server pg_ctl starts keeps its inherited descriptors open, and a
        // pipe would never reach its end.
        let outputPath = NSTemporaryDirectory() + "/latchkey-pg-output-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let pid = try spawn(asServerUser + [tool] + arguments, output: outputPath)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        guard status == 0 else {
            let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
            throw Unavailable(description: "\(tool) failed: \(text)", noBinaries: false)
        }
    }

    /// Starts `command` with its output in the file at `output`, in this process's group so it ends
    /// with a Ctrl-C of the tests (posix_spawn: Foundation's Process was seen waiting forever for a
    /// pg_ctl that had exited).
    private static func spawn(_ command: [String], output: String) throws -> pid_t {
        do {
            return try SpawnedProcess.start(
                command, stdin: "/dev/null", stdout: output, stderr: nil, grouping: .callersGroup)
        } catch {
            throw Unavailable(description: "cannot start \(command[0]): \(error)", noBinaries: false)
        }
    }

    /// Stops the server if this process dies without running its exit handlers (a crash, a kill).
    private static func startWatchdog(bin: String, data: String, folder: String) {
        let stop = (getuid() == 0 ? "runuser -u postgres -- " : "") + "\(bin)/pg_ctl -D \(data) -m immediate stop"
        let script = "while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done; \(stop); rm -rf \(folder)"
        _ = try? spawn(["/bin/sh", "-c", script], output: "/dev/null")
    }
}
