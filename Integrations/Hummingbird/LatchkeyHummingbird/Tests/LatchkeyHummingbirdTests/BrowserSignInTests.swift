import Foundation
import Hummingbird
import HummingbirdTesting
import Latchkey
import Synchronization
import Testing

@testable import LatchkeyTestSupport

/// The sign-in page in a real headless Chromium, driven by Selenium (`Tests/Browser/sign_in.py`):
/// sign in and land on `next`, `/v1/me` through the cookie, sign out, the second-factor step, and a
/// form posted from another origin refused.
@Suite(.serialized, .tags(.binary)) struct BrowserSignInTests {
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

/// The reset and verification pages in Chromium (`Tests/Browser/reset.py`), with links from the
/// server's delivery.
@Suite(.serialized, .tags(.binary)) struct BrowserRecoveryTests {
    @Test func aPersonResetsThePasswordAndVerifiesAnAddressFromTheirLinksInChromium() async throws {
        let delivery = DeliverySpy()
        let server = try TestServer(delivery: delivery)
        try await server.application(port: 0).test(.live) { client in
            let port = try #require(client.port)
            let base = "http://localhost:\(port)"
            _ = try await client.signedIn("alice")
            let registered = try await client.post(
                "/v1/register",
                #"{"username": "bob", "password": "\#(TestServer.password)", "email": "bob@example.com"}"#)
            #expect(registered.status == .created)
            #expect(try await client.post("/v1/password-reset", #"{"account": "alice"}"#).status == .accepted)
            let reset = try #require(await delivery.waitFor(1).first)
            let verification = try #require(await delivery.waitFor(1, .emailVerification).first)
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Browser/reset.py").path
            var environment = ProcessInfo.processInfo.environment
            environment["LATCHKEY_BASE"] = base
            environment["LATCHKEY_PASSWORD"] = TestServer.password
            environment["LATCHKEY_RESET_LINK"] = base + "/reset?token=" + reset.link
            environment["LATCHKEY_VERIFY_LINK"] = base + "/verify-email?token=" + verification.link
            let settings = environment
            let run = try await offThePool { try BrowserRun(script: script, environment: settings) }
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains("browser: all checks passed"), "\(run.output)")
        }
    }
}

/// Passkeys in Chromium with WebDriver's virtual authenticators (`Tests/Browser/passkeys.py`):
/// enrol, rename and remove on `/account`, the `passkey-sign-in` button landing on `next` without
/// a username, a removed passkey refused, and an authenticator without user verification as one
/// factor. The relying party is the page's own origin, so its port is chosen first.
@Suite(.serialized, .tags(.binary)) struct BrowserPasskeyTests {
    @Test func aPersonEnrolsAPasskeyOnTheAccountPageAndSignsInWithItInChromium() async throws {
        let (port, running) = try await Self.started()
        defer { running.cancel() }
        let base = "http://localhost:\(port)"
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Browser/passkeys.py").path
        var environment = ProcessInfo.processInfo.environment
        environment["LATCHKEY_BASE"] = base
        environment["LATCHKEY_PASSWORD"] = TestServer.password
        let settings = environment
        let run = try await offThePool { try BrowserRun(script: script, environment: settings) }
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("browser: all checks passed"), "\(run.output)")
        running.cancel()
        _ = await running.result
    }

    /// A server whose relying party is its own origin, listening: its port is chosen before it
    /// starts, and another is tried if someone else took that one meanwhile. Cancelling the task
    /// shuts it down gracefully.
    private static func started() async throws -> (port: Int, task: Task<Void, any Error>) {
        for _ in 0..<5 {
            let port = try FreePort.find()
            let server = try TestServer(relyingParty: RelyingParty(origin: "http://localhost:\(port)"))
            let application = server.application(port: port)
            let ended = Mutex(false)
            let running = Task {
                defer { ended.withLock { $0 = true } }
                try await application.runService(gracefulShutdownSignals: [])
            }
            // Up to 60 s: a loaded machine starts it slowly; a server that ended never will.
            let listening = try await offThePool {
                FreePort.isListening(port, within: 60) { ended.withLock { $0 } }
            }
            if listening { return (port, running) }
            running.cancel()
            _ = await running.result
        }
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "no server started listening"])
    }
}

/// One run of the Selenium script with python3, its output kept for the failure message.
struct BrowserRun {
    let status: Int32
    let output: String

    init(script: String, environment: [String: String]) throws {
        let exit = try SpawnedProcess("/usr/bin/env", ["python3", script], environment: environment).wait()
        status = exit.signalled ? 128 + exit.status : exit.status
        output = exit.output + exit.errors
    }
}
