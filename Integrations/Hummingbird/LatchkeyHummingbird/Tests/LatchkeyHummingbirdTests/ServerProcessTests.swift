import Foundation
import Latchkey
import LatchkeyTestSupport
import Testing

/// The `latchkey-server` executable itself: it starts from its command line, answers, and on
/// SIGTERM finishes and exits 0.
@Suite(.tags(.binary)) struct ServerProcessTests {
    /// The built executable, beside the test bundle.
    static var binary: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "latchkey-server"
        ).path
    }

    @Test func theServerStartsAnswersAndStopsCleanlyOnSIGTERM() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-server-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let port = try FreePort.find()
        let server = try Spawned(
            Self.binary,
            ["--listen", "127.0.0.1:\(port)", "--database", folder.appendingPathComponent("db.sqlite3").path])
        try FreePort.waitUntilListening(port)
        #expect(try curl(port, "/health").status == 200)
        #expect(try curl(port, "/ready").status == 200)
        #expect(try curl(port, "/v1/me").status == 401)
        // Latchkey's metrics and Hummingbird's request metrics, in one registry.
        let metrics = try curl(port, "/metrics")
        #expect(metrics.status == 200)
        #expect(metrics.body.contains("latchkey_hashing_queue_depth 0"))
        #expect(metrics.body.contains(#"http_server_request_duration_bucket{http_route="/health""#))
        #expect(
            metrics.body.contains(#"http_route="/v1/me",http_request_method="GET",http_response_status_code="401""#))
        #expect(server.stop(SIGTERM) == 0)
    }

    @Test("--version prints latchkey-server and the version of the Latchkey it is built on")
    func theServerTellsItsVersion() throws {
        let printed = try CommandOutput.of(Self.binary, ["--version"])
        #expect(printed.status == 0)
        #expect(printed.text == "latchkey-server \(LatchkeyRelease.version)\n")
    }

    @Test("--print-config shows every setting with where it came from, the database's password hidden")
    func thePrintedConfigurationSaysWhereEachValueCameFrom() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-config-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("latchkey.json").path
        try #"{"policy": {"maximumFailedLogins": 3, "historyLimit": 50}}"#.write(
            toFile: file, atomically: true, encoding: .utf8)
        let printed = try CommandOutput.of(
            "/usr/bin/env",
            [
                "LATCHKEY_POLICY_HISTORY_LIMIT=30", Self.binary, "--config", file, "--print-config",
                "--database", "postgresql://app:s3cret@db.example/latchkey?password=other",
            ])
        #expect(printed.status == 0)
        let lines = printed.text.split(separator: "\n").map(String.init)
        #expect(lines.contains("server.database = postgresql://app:***@db.example/latchkey?password=***  (--database)"))
        #expect(lines.contains("policy.maximumFailedLogins = 3  (\(file):1)"))
        #expect(lines.contains("policy.historyLimit = 30  (LATCHKEY_POLICY_HISTORY_LIMIT)"))
        #expect(lines.contains("policy.lockoutDuration = 15m  (default)"))
        #expect(!printed.text.contains("s3cret") && !printed.text.contains("other"))
    }

    @Test func aRefusedConfigurationExits78() throws {
        let printed = try CommandOutput.of(
            "/bin/sh", ["-c", "LATCHKEY_POLICY_LOCKOUT=1h \"$0\" --print-config 2>&1", Self.binary])
        #expect(printed.status == 78)
        #expect(
            printed.text
                == "latchkey-server: configuration refused: the environment: LATCHKEY_POLICY_LOCKOUT: "
                + "no setting has this name\n")
    }

    @Test func withoutADatabaseItSaysSoAndExits64() throws {
        let server = try Spawned(Self.binary, [], environment: [:])
        #expect(server.stop(0, within: 10) == 64)
    }

    @Test func aResetCodeGoesThroughTheDeliveryCommandWithALinkThatCompletesIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-server-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let mailbox = folder.appendingPathComponent("mailbox").path
        let port = try FreePort.find()
        let server = try Spawned(
            Self.binary,
            [
                "--listen", "127.0.0.1:\(port)", "--registration", "open", "--database",
                folder.appendingPathComponent("db.sqlite3").path,
                "--deliver-command", "cat >> '\(mailbox)'", "--public-origin", "https://auth.example.test",
            ])
        try FreePort.waitUntilListening(port)
        let password = "correct horse battery staple"
        #expect(
            try curl(port, "/v1/register", post: #"{"username": "alice", "password": "\#(password)"}"#).status == 201)
        #expect(try curl(port, "/v1/password-reset", post: #"{"account": "alice"}"#).status == 202)
        // The delivery runs after the answer: wait for the command's write, with a deadline.
        let deadline = Date().addingTimeInterval(15)
        var line: String?
        while line == nil && Date() < deadline {
            line = (try? String(contentsOfFile: mailbox, encoding: .utf8))?.split(separator: "\n").first.map(
                String.init)
            if line == nil { usleep(20_000) }
        }
        let delivered = try #require(line, "the delivery command wrote nothing")
        let message = try #require(try JSONSerialization.jsonObject(with: Data(delivered.utf8)) as? [String: Any])
        #expect(message["kind"] as? String == "password_reset" && message["username"] as? String == "alice")
        let link = try #require(message["link"] as? String)
        #expect(link.hasPrefix("https://auth.example.test/reset?token="))
        let token = String(link.dropFirst("https://auth.example.test/reset?token=".count))
        let done = try curl(
            port, "/v1/password-reset/complete", post: #"{"token": "\#(token)", "password": "a brand new passphrase"}"#)
        #expect(done.status == 200, "\(done.body)")
        #expect(server.stop(SIGTERM) == 0)
    }

    /// SIGTERM with messages still on their way: the two being delivered are killed with their
    /// process groups (a child the command started too), the one still queued is dropped, each is
    /// audited as a failed delivery, and the server exits 0 within the delivery timeout.
    @Test func onSIGTERMQueuedAndRunningDeliveriesAreAuditedAndTheirCommandsKilled() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-server-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("db.sqlite3").path
        // A duration no other process sleeps: it marks the command's shell and its sleep child alike.
        let marker = "300.\(Int.random(in: 100_000...999_999))"
        let port = try FreePort.find()
        let server = try Spawned(
            Self.binary,
            [
                "--listen", "127.0.0.1:\(port)", "--registration", "open", "--database", database,
                "--deliver-command", "cat > /dev/null; sleep \(marker)", "--deliver-timeout", "1",
            ])
        try FreePort.waitUntilListening(port)
        for name in ["alice", "bob", "carol"] {
            let body = #"{"username": "\#(name)", "password": "correct horse battery staple"}"#
            #expect(try curl(port, "/v1/register", post: body).status == 201)
            #expect(try curl(port, "/v1/password-reset", post: #"{"account": "\#(name)"}"#).status == 202)
        }
        // The server's own command line names the marker too; its commands and their children are
        // the others.
        let deadline = Date().addingTimeInterval(10)
        while Self.processes(matching: marker, except: server.pid) < 2 && Date() < deadline { usleep(20_000) }
        #expect(Self.processes(matching: marker, except: server.pid) >= 2, "no delivery command was running")
        let stopped = Date()
        #expect(server.stop(SIGTERM, within: 20) == 0)
        #expect(Date().timeIntervalSince(stopped) < 10)
        #expect(Self.processes(matching: marker, except: server.pid) == 0, "a delivery command outlived the server")
        let failed = try Self.sqlite(
            database, "SELECT count(*) FROM auth_events WHERE kind = 'password_reset_delivery_failed'")
        #expect(failed == "3")
    }

    /// How many processes but `excluded` have `text` in their command line.
    static func processes(matching text: String, except excluded: pid_t) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.filter { name in
            guard let pid = Int32(name), pid != excluded,
                let line = FileManager.default.contents(atPath: "/proc/\(name)/cmdline")
            else {
                return false
            }
            return String(decoding: line, as: UTF8.self).contains(text)
        }.count
    }

    /// The first column of the first row `sql` answers from the SQLite file at `path`.
    static func sqlite(_ path: String, _ sql: String) throws -> String {
        try CommandOutput.of("/usr/bin/sqlite3", [path, sql]).text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The status and body of GET `path`, or of POST `post` as JSON (the status on the body's last
    /// line, from `-w`).
    private func curl(_ port: Int, _ path: String, post: String? = nil) throws -> (status: Int, body: String) {
        let text = try CommandOutput.of(
            "/usr/bin/curl",
            ["-s", "-w", "\n%{http_code}", "--max-time", "10", "http://127.0.0.1:\(port)\(path)"]
                + (post.map { ["-H", "Content-Type: application/json", "--data-binary", $0] } ?? [])
        ).text
        let status = text.split(separator: "\n").last.flatMap { Int($0) } ?? 0
        return (status, String(text.dropLast(String(status).count)))
    }
}
