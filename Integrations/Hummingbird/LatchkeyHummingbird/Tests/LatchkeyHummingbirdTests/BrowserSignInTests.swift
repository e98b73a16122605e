import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The sign-in page in a real headless Chromium, driven by Selenium (`Tests/Browser/sign_in.py`):
/// sign in and land on `next`, `/v1/me` through the cookie, sign out, the second-factor step, and a
/// form posted from another origin refused.
@Suite(.serialized) struct BrowserSignInTests {
    @Test func aPersonSignsInWithTheFormAndTheSecondFactorInChromium() async throws {
        let server = try TestServer()
        try await server.application(port: 0).test(.live) { client in
            let port = try #require(client.port)
            _ = try await client.signedIn("alice")
            _ = try await client.signedIn("bob")
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Browser/sign_in.py").path
            var environment = ProcessInfo.processInfo.environment
            environment["LATCHKEY_BASE"] = "http://localhost:\(port)"
            environment["LATCHKEY_PASSWORD"] = TestServer.password
            let settings = environment
            let run = try await offThePool { try BrowserRun(script: script, environment: settings) }
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains("browser: all checks passed"), "\(run.output)")
        }
    }
}

/// One run of the Selenium script with python3, its output kept for the failure message.
struct BrowserRun {
    let status: Int32
    let output: String

    init(script: String, environment: [String: String]) throws {
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", script]
        python.environment = environment
        let pipe = Pipe()
        python.standardOutput = pipe
        python.standardError = pipe
        try python.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        python.waitUntilExit()
        status = python.terminationStatus
        output = String(decoding: data, as: UTF8.self)
    }
}
