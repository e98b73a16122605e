import Foundation
import LatchkeyTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The built `latchkey-server` running as an OpenID provider (its public origin is its own
/// 127.0.0.1 address, plain HTTP) over a database the `latchkey` CLI administers at the same time,
/// as an operator would: registering clients, giving roles.
struct SpawnedProvider {
    let port: Int
    /// The --database value: a SQLite file's path or a PostgreSQL URL.
    let database: String
    let process: SpawnedProcess

    /// The issuer: exactly the public origin.
    var issuer: String { "http://127.0.0.1:\(port)" }

    /// Starts the server with open registration and the plain-HTTP cookie (named `latchkey`); another
    /// port is tried if someone took the chosen one before the server bound it.
    static func start(database: String) throws -> SpawnedProvider {
        for _ in 0..<3 {
            let port = try FreePort.find()
            let process = try SpawnedProcess(
                ServerProcessTests.binary,
                [
                    "--listen", "127.0.0.1:\(port)", "--database", database, "--registration", "open",
                    "--insecure-cookie", "--public-origin", "http://127.0.0.1:\(port)",
                ])
            // Up to 60 s: a loaded machine starts it slowly; a server that ended never will.
            if FreePort.isListening(port, within: 60, gaveUp: { !process.isRunning }) {
                return SpawnedProvider(port: port, database: database, process: process)
            }
            process.sendSignal(SIGKILL)
            _ = try? process.wait(timeout: .seconds(10))
        }
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "latchkey-server never listened"])
    }

    /// Ends the server with SIGTERM; what it printed (its log), for a failure message.
    func stop() -> String {
        process.sendSignal(SIGTERM)
        guard let exit = try? process.wait(timeout: .seconds(30)) else { return "(latchkey-server had to be killed)" }
        return (exit.output + exit.errors).suffix(20_000).description
    }

    /// Registers `username` with the test password through the JSON route.
    func register(_ username: String) throws {
        let body = #"{"username": "\#(username)", "password": "\#(TestServer.password)"}"#
        let exit = try SpawnedProcess(
            "/usr/bin/curl",
            [
                "-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "30", "-H",
                "Content-Type: application/json", "--data-binary", body, issuer + "/v1/register",
            ]
        ).wait(timeout: .seconds(60))
        guard exit.output == "201" else {
            throw CocoaError(
                .fileWriteUnknown,
                userInfo: [NSLocalizedDescriptionKey: "registering \(username) answered \(exit.output) \(exit.errors)"])
        }
    }

    /// Runs `latchkey --database DB ARGUMENTS…`; what it printed on stdout, or a thrown error with
    /// its exit status and stderr.
    func cli(_ arguments: [String]) throws -> String {
        let exit = try SpawnedProcess(try Self.cliBinary(), ["--database", database] + arguments)
            .wait(timeout: .seconds(120))
        guard !exit.signalled, exit.status == 0 else {
            throw CocoaError(
                .fileWriteUnknown,
                userInfo: [
                    NSLocalizedDescriptionKey:
                        "latchkey \(arguments.joined(separator: " ")) exited \(exit.status): \(exit.errors)"
                ])
        }
        return exit.output
    }

    /// Registers a confidential client with `latchkey clients add … --json`; its id and secret.
    func addClient(
        _ name: String, redirectURI: String, postLogoutRedirectURI: String, firstParty: Bool
    ) throws -> (id: String, secret: String) {
        let printed = try cli(
            [
                "clients", "add", name, "--redirect-uri", redirectURI, "--post-logout-redirect-uri",
                postLogoutRedirectURI, "--scope", "profile", "--scope", "roles", "--json",
            ] + (firstParty ? ["--first-party"] : []))
        let answer = try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: Any]
        guard let client = answer?["client"] as? [String: Any], let id = client["client_id"] as? String,
            let secret = answer?["client_secret"] as? String
        else {
            throw CocoaError(
                .fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "clients add printed: \(printed)"])
        }
        return (id, secret)
    }

    /// The `latchkey` CLI: `$LATCHKEY_CLI`, else beside this test bundle, else the repository root's
    /// debug build (CI builds the root package first); a thrown error saying how to build it.
    static func cliBinary() throws -> String {
        let root = ShippedExamples.folder.deletingLastPathComponent()
        let candidates: [String?] = [
            ProcessInfo.processInfo.environment["LATCHKEY_CLI"],
            URL(fileURLWithPath: ServerProcessTests.binary).deletingLastPathComponent()
                .appendingPathComponent("latchkey").path,
            root.appendingPathComponent(".build/debug/latchkey").path,
        ]
        guard let found = candidates.compactMap({ $0 }).first(where: FileManager.default.isExecutableFile) else {
            throw CocoaError(
                .fileNoSuchFile,
                userInfo: [
                    NSLocalizedDescriptionKey:
                        "the latchkey CLI is not built (swift build --product latchkey, here or at the repository root)"
                ])
        }
        return found
    }
}
