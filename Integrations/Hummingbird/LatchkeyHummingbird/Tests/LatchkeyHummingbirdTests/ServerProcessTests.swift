import Foundation
import Testing

/// The `latchkey-server` executable itself: it starts from its command line, answers, and on
/// SIGTERM finishes and exits 0.
@Suite struct ServerProcessTests {
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

    /// The status and body of GET `path`, or of POST `post` as JSON (the status on the body's last
    /// line, from `-w`).
    private func curl(_ port: Int, _ path: String, post: String? = nil) throws -> (status: Int, body: String) {
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments =
            ["-s", "-w", "\n%{http_code}", "--max-time", "10", "http://127.0.0.1:\(port)\(path)"]
            + (post.map { ["-H", "Content-Type: application/json", "--data-binary", $0] } ?? [])
        let out = Pipe()
        curl.standardOutput = out
        try curl.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        curl.waitUntilExit()
        let status = text.split(separator: "\n").last.flatMap { Int($0) } ?? 0
        return (status, String(text.dropLast(String(status).count)))
    }
}
