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

    /// The status and body of GET `path` (the status on the body's last line, from `-w`).
    private func curl(_ port: Int, _ path: String) throws -> (status: Int, body: String) {
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = ["-s", "-w", "\n%{http_code}", "--max-time", "10", "http://127.0.0.1:\(port)\(path)"]
        let out = Pipe()
        curl.standardOutput = out
        try curl.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        curl.waitUntilExit()
        let status = text.split(separator: "\n").last.flatMap { Int($0) } ?? 0
        return (status, String(text.dropLast(String(status).count)))
    }
}
