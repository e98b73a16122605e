import Foundation
import LatchkeyTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A real proxy running a shipped configuration from `examples/` exactly as it is: nginx with
/// `examples/nginx.conf`, Caddy with `examples/Caddyfile`. Only what the files leave to the command
/// line differs from a deployment: nginx's pid file, error log and foreground mode, Caddy's home.
enum ShippedProxy: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case nginx
    case caddy

    var testDescription: String { rawValue }

    /// The shipped configuration.
    var file: URL {
        ShippedExamples.folder.appendingPathComponent(self == .nginx ? "nginx.conf" : "Caddyfile")
    }

    /// The proxy's executable, or a thrown error saying how to install it.
    func binary() throws -> String {
        let candidates =
            self == .nginx ? ["/usr/sbin/nginx", "/usr/bin/nginx"] : ["/usr/bin/caddy", "/usr/local/bin/caddy"]
        guard let binary = candidates.first(where: FileManager.default.isExecutableFile) else {
            throw CocoaError(
                .fileNoSuchFile,
                userInfo: [NSLocalizedDescriptionKey: "\(rawValue) is not installed (apt-get install \(rawValue))"])
        }
        return binary
    }

    /// The proxy's own check of the file (`nginx -t -c FILE`, `caddy validate --config FILE`): its
    /// exit status and what it printed.
    func check(home: URL) throws -> (status: Int32, output: String) {
        let arguments = self == .nginx ? ["-t", "-c", file.path] : ["validate", "--config", file.path]
        let exit = try SpawnedProcess(try binary(), arguments, environment: environment(home: home)).wait()
        return (exit.signalled ? 128 + exit.status : exit.status, exit.output + exit.errors)
    }

    /// Starts the proxy on the file and waits until it listens on the shipped port; `stop` ends it.
    func start(home: URL) throws -> Spawned {
        let process: Spawned
        switch self {
        case .nginx:
            process = try Spawned(
                try binary(),
                [
                    "-c", file.path, "-e", home.appendingPathComponent("error.log").path, "-g",
                    "daemon off; master_process off; pid \(home.appendingPathComponent("nginx.pid").path);",
                ])
        case .caddy:
            // Caddy's admin endpoint (localhost:2019, its default) must be free as well.
            if let open = FreePort.connectLocal(2019) {
                close(open)
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "port 2019 is in use"])
            }
            process = try Spawned(try binary(), ["run", "--config", file.path], environment: environment(home: home))
        }
        do {
            try FreePort.waitUntilListening(ShippedExamples.proxyPort)
        } catch {
            _ = process.stop(SIGKILL)
            throw error
        }
        return process
    }

    /// Ends the proxy the way its service manager would.
    func stop(_ process: Spawned) {
        _ = process.stop(self == .nginx ? SIGQUIT : SIGTERM)
    }

    /// Caddy keeps its autosaved configuration and data under the home it is given.
    private func environment(home: URL) -> [String: String] {
        [
            "HOME": home.path, "XDG_DATA_HOME": home.path, "XDG_CONFIG_HOME": home.path,
            "PATH": "/usr/sbin:/usr/bin:/sbin:/bin",
        ]
    }
}
