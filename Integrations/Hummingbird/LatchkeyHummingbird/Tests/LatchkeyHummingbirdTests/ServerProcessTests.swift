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
        #expect(try curl(port, "/health") == 200)
        #expect(try curl(port, "/ready") == 200)
        #expect(try curl(port, "/v1/me") == 401)
        #expect(server.stop(SIGTERM) == 0)
    }

    @Test func withoutADatabaseItSaysSoAndExits64() throws {
        let server = try Spawned(Self.binary, [], environment: [:])
        #expect(server.stop(0, within: 10) == 64)
    }

    private func curl(_ port: Int, _ path: String) throws -> Int {
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = [
            "-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "10", "http://127.0.0.1:\(port)\(path)",
        ]
        let out = Pipe()
        curl.standardOutput = out
        try curl.run()
        let code = out.fileHandleForReading.readDataToEndOfFile()
        curl.waitUntilExit()
        return Int(String(decoding: code, as: UTF8.self)) ?? 0
    }
}
