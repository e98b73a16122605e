import Foundation
import Hummingbird
import HummingbirdTesting
import Latchkey
import LatchkeyHummingbird
import LatchkeyTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The repository's `examples/` folder and the fixed ports its proxy configurations name at their
/// top. The tests run those files as they are shipped, so they bind the same ports: one run at a time
/// on this machine (an exclusive lock on a file in the temporary folder, held across processes).
enum ShippedExamples {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples")
    static let proxyPort = 8000
    static let latchkeyPort = 8080
    static let applicationPort = 3000

    /// latchkey-server's routes and a throwaway folder for the proxy's state, handed to the test.
    struct Stack {
        let server: TestServer
        let folder: URL
        /// A client of the proxy on its shipped port.
        var proxy: ProxyClient { ProxyClient(folder: folder, port: ShippedExamples.proxyPort) }

        /// Registers `name` and signs in (on the same service, not through the proxy); the token.
        func signedIn(_ name: String) async throws -> String {
            try await server.application().test(.router) { client in try await client.signedIn(name) }
        }
    }

    /// Runs `body` with latchkey-server's routes on 127.0.0.1:8080, trusting 127.0.0.1 as the
    /// examples' `--trusted-proxy 127.0.0.1` says, and `EchoApplication` on 127.0.0.1:3000. (Not
    /// HummingbirdTesting's live mode: it always listens on a port of its own choosing.)
    static func withServers(_ body: @escaping @Sendable (Stack) async throws -> Void) async throws {
        let lock = try await offThePool { try Self.lock() }
        defer { close(lock) }
        for port in [proxyPort, latchkeyPort, applicationPort] {
            if let open = FreePort.connectLocal(port) {
                close(open)
                throw CocoaError(
                    .fileWriteUnknown,
                    userInfo: [NSLocalizedDescriptionKey: "port \(port), named by the shipped examples, is in use"])
            }
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-proxy-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try TestServer(
            options: LatchkeyHTTPOptions(trustedProxies: [AddressRange("127.0.0.1")!], registration: .open),
            issuer: "http://localhost:\(proxyPort)")
        let latchkey = server.application(port: latchkeyPort)
        let application = EchoApplication.make(port: applicationPort)
        let running = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await latchkey.runService(gracefulShutdownSignals: []) }
                group.addTask { try await application.runService(gracefulShutdownSignals: []) }
                try await group.waitForAll()
            }
        }
        // Cancelling the services' task shuts both down gracefully.
        do {
            try await offThePool {
                try FreePort.waitUntilListening(latchkeyPort)
                try FreePort.waitUntilListening(applicationPort)
            }
            try await body(Stack(server: server, folder: folder))
        } catch {
            running.cancel()
            _ = await running.result
            throw error
        }
        running.cancel()
        _ = await running.result
    }

    /// Waits for the exclusive lock; the descriptor holds it until closed.
    private static func lock() throws -> Int32 {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-shipped-examples.lock").path
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw CocoaError(.fileWriteNoPermission) }
        guard flock(fd, LOCK_EX) == 0 else {
            close(fd)
            throw CocoaError(.fileLocking)
        }
        return fd
    }
}
