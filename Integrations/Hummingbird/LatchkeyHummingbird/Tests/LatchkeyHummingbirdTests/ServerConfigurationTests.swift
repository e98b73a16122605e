import Foundation
import Testing

@testable import LatchkeyTestSupport

/// `latchkey-server`'s own options from the configuration file's `server` section and the
/// `LATCHKEY_SERVER_…` variables, through the built binary: a flag comes before its variable, the
/// variable before the file, the file before the default, and a refused value stops it with 78.
@Suite(.tags(.binary)) struct ServerConfigurationTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    private func config(_ text: String) throws -> String {
        let path = folder.file("latchkey.json")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Runs the server to its exit with `arguments` and only `variables` of Latchkey's in its
    /// environment.
    private func server(_ arguments: [String], _ variables: [String: String] = [:]) throws -> SpawnedProcess.Exit {
        let environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("LATCHKEY_") }
            .merging(variables) { $1 }
        return try SpawnedProcess(ServerProcessTests.binary, arguments, environment: environment).wait(
            timeout: .seconds(60))
    }

    @Test("--print-config shows each server option and policy number with the flag, variable, file line or default")
    func printedSources() throws {
        let path = try config(
            """
            {
              "server": {
                "listen": "127.0.0.1:1001",
                "registration": "open",
                "trustedProxies": ["10.0.0.0/8", "127.0.0.1"],
                "headerTimeout": "5s",
                "database": "postgresql://app:s3cret@db.example/latchkey"
              },
              "policy": {"maximumFailedLogins": 3}
            }
            """)
        let environment = [
            "LATCHKEY_CONFIG": path, "LATCHKEY_SERVER_LISTEN": "127.0.0.1:1002",
            "LATCHKEY_SERVER_REGISTRATION": "invite", "LATCHKEY_SECRET_KEY_FILE": "/etc/latchkey/latchkey.key",
        ]
        let flagged = try server(["--print-config", "--listen", "127.0.0.1:1003", "--no-insecure-cookie"], environment)
        #expect(flagged.status == 0, "\(flagged.errors)")
        let lines = flagged.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("server.listen = 127.0.0.1:1003  (--listen)"))
        #expect(lines.contains("server.registration = invite  (LATCHKEY_SERVER_REGISTRATION)"))
        #expect(lines.contains("server.trustedProxies = 10.0.0.0/8,127.0.0.1  (\(path):5)"))
        #expect(lines.contains("server.headerTimeout = 5s  (\(path):6)"))
        #expect(lines.contains("server.bodyTimeout = 10s  (default)"))
        #expect(lines.contains("server.insecureCookie = false  (--no-insecure-cookie)"))
        #expect(lines.contains("server.database = postgresql://app:***@db.example/latchkey  (\(path):7)"))
        #expect(lines.contains("server.secretKeyFile = /etc/latchkey/latchkey.key  (LATCHKEY_SECRET_KEY_FILE)"))
        #expect(lines.contains("server.forwardedHeader = x-forwarded-for  (default)"))
        #expect(lines.contains("policy.maximumFailedLogins = 3  (\(path):9)"))
        #expect(!flagged.output.contains("s3cret"))
        let unflagged = try server(["--print-config"], environment)
        #expect(unflagged.output.contains("server.listen = 127.0.0.1:1002  (LATCHKEY_SERVER_LISTEN)\n"))
        let fileOnly = try server(["--print-config", "--config", path])
        #expect(fileOnly.output.contains("server.listen = 127.0.0.1:1001  (\(path):3)\n"))
        #expect(fileOnly.output.contains("server.registration = open  (\(path):4)\n"))
    }

    @Test("the server listens where the file says, on the database the file names")
    func theFilesListenIsServed() throws {
        let port = try FreePort.find()
        let path = try config(
            #"{"server": {"listen": "127.0.0.1:\#(port)", "database": "\#(folder.file("db.sqlite3"))"}}"#)
        let environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("LATCHKEY_") }
        let running = try Spawned(ServerProcessTests.binary, ["--config", path], environment: environment)
        try FreePort.waitUntilListening(port)
        let health = try CommandOutput.of(
            "/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "http://127.0.0.1:\(port)/health"])
        #expect(health.text == "200")
        #expect(running.stop(SIGTERM) == 0)
    }

    @Test("an unknown server key, or a value that names nothing, exits 78 naming the key and its line")
    func refusals() throws {
        let typo = try config("{\n  \"server\": {\n    \"listn\": \"0.0.0.0:80\"\n  }\n}\n")
        let refused = try server(["--config", typo, "--print-config"])
        #expect(refused.status == 78)
        #expect(
            refused.errors
                == "latchkey-server: configuration refused: \(typo):3: server.listn: no setting has this name\n")
        let proxies = try config("{\"server\": {\n  \"trustedProxies\": [\"10.0.0.0/33\"]}}")
        let badRange = try server(["--config", proxies, "--print-config"])
        #expect(badRange.status == 78)
        #expect(
            badRange.errors
                == "latchkey-server: configuration refused: \(proxies):2: server.trustedProxies: "
                + "\"10.0.0.0/33\" is not an address or a CIDR range\n")
        let badFlag = try server(["--listen", "nowhere", "--print-config"])
        #expect(badFlag.status == 78)
        #expect(
            badFlag.errors.hasSuffix("--listen: server.listen: \"nowhere\" is not HOST:PORT\n"), "\(badFlag.errors)")
        let badVariable = try server(["--print-config"], ["LATCHKEY_SERVER_REGISTRATION": "everyone"])
        #expect(badVariable.status == 78)
        #expect(
            badVariable.errors.hasSuffix(
                "LATCHKEY_SERVER_REGISTRATION: server.registration: \"everyone\" is not one of open, closed, invite\n"),
            "\(badVariable.errors)")
    }

    @Test("--rp-id names a parent domain of the public origin's host; any other, or one without an origin, exits 78")
    func relyingPartyID() throws {
        let origin = ["--public-origin", "https://auth.example.com"]
        let parent = try server(origin + ["--rp-id", "example.com", "--print-config"])
        #expect(parent.status == 0, "\(parent.errors)")
        #expect(parent.output.contains("server.rpId = example.com  (--rp-id)\n"))
        let host = try server(origin + ["--print-config"])
        #expect(host.output.contains("server.rpId = auth.example.com  (default)\n"), "\(host.output)")
        let off = try server(["--print-config"])
        #expect(off.output.contains("server.rpId = (none: passkeys off)  (default)\n"), "\(off.output)")
        let other = try server(["--print-config"] + origin, ["LATCHKEY_SERVER_RP_ID": "example.org"])
        #expect(other.status == 78)
        #expect(
            other.errors.hasSuffix(
                "LATCHKEY_SERVER_RP_ID: server.rpId: \"example.org\" is not the host of https://auth.example.com "
                    + "nor a parent domain of it\n"), "\(other.errors)")
        let topLevel = try server(origin + ["--rp-id", "com", "--print-config"])
        #expect(topLevel.status == 78)
        #expect(topLevel.errors.contains("--rp-id: server.rpId: \"com\" is not the host"), "\(topLevel.errors)")
        let plain = try server([
            "--public-origin", "http://auth.example.com", "--rp-id", "example.com", "--print-config",
        ])
        #expect(plain.status == 78)
        #expect(plain.errors.contains("server.rpId: passkeys need a public origin of https://"), "\(plain.errors)")
        let alone = try server(["--rp-id", "example.com", "--print-config"])
        #expect(alone.status == 78)
        #expect(alone.errors.contains("server.rpId: a relying party ID needs a public origin"), "\(alone.errors)")
    }
}
