import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyConfiguration
@testable import LatchkeyTestSupport

/// The server's own options in the configuration: the file's `server` section, `LATCHKEY_SERVER_…`
/// variables (and the CLI's `LATCHKEY_DATABASE` and `LATCHKEY_SECRET_KEY_FILE`) and the flags, in
/// that order of precedence reversed; each value checked for its kind and bounds, with its source.
@Suite struct ServerSettingsTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    private func file(_ text: String) throws -> String {
        let path = folder.file("latchkey.json")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func server(file: String? = nil, environment: [String: String] = [:], flags: [String: [String]] = [:])
        throws(ConfigurationError) -> ServerSettings
    {
        try LatchkeyConfiguration(file: file, environment: environment, flags: flags).server
    }

    private func refusal(file: String? = nil, environment: [String: String] = [:], flags: [String: [String]] = [:])
        -> ConfigurationError?
    {
        do {
            _ = try server(file: file, environment: environment, flags: flags)
            return nil
        } catch {
            return error
        }
    }

    @Test("with nothing set, each option has its default or none, and says it is the default")
    func defaults() throws {
        let settings = try server()
        #expect(settings[.listen] == SourcedValue(value: .text("127.0.0.1:8080"), source: "default"))
        #expect(settings[.trustedProxies]?.list == [])
        #expect(settings[.registration]?.text == "closed")
        #expect(settings[.forwardedHeader]?.text == "x-forwarded-for")
        #expect(settings[.headerTimeout]?.duration == .seconds(10))
        #expect(settings[.idleTimeout]?.duration == .seconds(60))
        #expect(settings[.insecureCookie]?.boolean == false)
        #expect(settings[.database] == nil && settings[.maxConnections] == nil && settings[.secretKeyFile] == nil)
    }

    @Test("the file's server section sets texts, lists, durations, numbers and booleans, each with its line")
    func aFileSetsEveryKind() throws {
        let path = try file(
            """
            {
              "server": {
                "listen": "0.0.0.0:9090",
                "trustedProxies": ["10.0.0.0/8", "127.0.0.1"],
                "headerTimeout": "5s",
                "idleTimeout": 120,
                "maxConnections": 200,
                "insecureCookie": true,
                "database": "/var/lib/latchkey/users.sqlite3"
              },
              "policy": {"maximumFailedLogins": 3}
            }
            """)
        let configuration = try LatchkeyConfiguration(file: path, environment: [:])
        let settings = configuration.server
        #expect(settings[.listen] == SourcedValue(value: .text("0.0.0.0:9090"), source: "\(path):3"))
        #expect(
            settings[.trustedProxies] == SourcedValue(value: .list(["10.0.0.0/8", "127.0.0.1"]), source: "\(path):4"))
        #expect(settings[.headerTimeout]?.duration == .seconds(5))
        #expect(settings[.idleTimeout] == SourcedValue(value: .duration(.seconds(120)), source: "\(path):6"))
        #expect(settings[.maxConnections]?.count == 200)
        #expect(settings[.insecureCookie]?.boolean == true)
        #expect(settings[.database]?.text == "/var/lib/latchkey/users.sqlite3")
        #expect(settings[.bodyTimeout]?.source == "default")
        #expect(configuration.policy.maximumFailedLogins == 3)
    }

    @Test("a flag comes before its variable, the variable before the file, the file before the default")
    func precedence() throws {
        let path = try file(#"{"server": {"listen": "127.0.0.1:1001", "registration": "open", "bodyTimeout": "3s"}}"#)
        let environment = ["LATCHKEY_SERVER_LISTEN": "127.0.0.1:1002", "LATCHKEY_SERVER_REGISTRATION": "invite"]
        let settings = try server(file: path, environment: environment, flags: ["listen": ["127.0.0.1:1003"]])
        #expect(settings[.listen] == SourcedValue(value: .text("127.0.0.1:1003"), source: "--listen"))
        #expect(settings[.registration] == SourcedValue(value: .text("invite"), source: "LATCHKEY_SERVER_REGISTRATION"))
        #expect(settings[.bodyTimeout] == SourcedValue(value: .duration(.seconds(3)), source: "\(path):1"))
        #expect(settings[.headerTimeout]?.source == "default")
    }

    @Test("the database and the key file keep the CLI's variables; an empty variable counts as unset")
    func theCLIsVariables() throws {
        let path = try file(#"{"server": {"database": "from-file.sqlite3"}}"#)
        let settings = try server(
            file: path,
            environment: [
                "LATCHKEY_DATABASE": "postgresql://db.example/latchkey",
                "LATCHKEY_SECRET_KEY_FILE": "/etc/latchkey/key",
                "LATCHKEY_SERVER_PUBLIC_ORIGIN": "",
            ])
        #expect(
            settings[.database]
                == SourcedValue(value: .text("postgresql://db.example/latchkey"), source: "LATCHKEY_DATABASE"))
        #expect(
            settings[.secretKeyFile]
                == SourcedValue(value: .text("/etc/latchkey/key"), source: "LATCHKEY_SECRET_KEY_FILE"))
        #expect(settings[.publicOrigin] == nil)
    }

    @Test("a list is comma-separated in a variable and repeated as a flag; a flag is true and its --no- form false")
    func listsAndBooleans() throws {
        let fromVariable = try server(environment: ["LATCHKEY_SERVER_TRUSTED_PROXIES": "10.0.0.0/8, 192.168.1.1"])
        #expect(fromVariable[.trustedProxies]?.list == ["10.0.0.0/8", "192.168.1.1"])
        let fromFlags = try server(
            environment: ["LATCHKEY_SERVER_INSECURE_COOKIE": "false"],
            flags: ["trustedProxies": ["127.0.0.1", "::1"], "insecureCookie": ["true"]])
        #expect(
            fromFlags[.trustedProxies] == SourcedValue(value: .list(["127.0.0.1", "::1"]), source: "--trusted-proxy"))
        #expect(fromFlags[.insecureCookie] == SourcedValue(value: .boolean(true), source: "--insecure-cookie"))
        let off = try server(
            environment: ["LATCHKEY_SERVER_INSECURE_COOKIE": "true"], flags: ["insecureCookie": ["false"]])
        #expect(off[.insecureCookie] == SourcedValue(value: .boolean(false), source: "--no-insecure-cookie"))
    }

    @Test(
        "a wrong type, a value out of bounds or an unknown key in the file is refused with its key and line",
        arguments: [
            (
                "{\n  \"server\": {\n    \"listn\": \"0.0.0.0:80\"\n  }\n}", "server.listn", 3,
                "no setting has this name"
            ),
            ("{\n  \"server\": {\"listen\": 8080}\n}", "server.listen", 2, "must be a string"),
            ("{\n \"server\": {\n  \"headerTimeout\": \"0s\"}}", "server.headerTimeout", 3, "0ms is outside 1s...1h"),
            ("{\"server\": {\"idleTimeout\": 7200}}", "server.idleTimeout", 1, "2h is outside 1s...1h"),
            (
                "{\"server\": {\"deliverTimeout\": \"soon\"}}", "server.deliverTimeout", 1,
                "\"soon\" is not a duration (whole seconds, or a number and ms, s, m, h, d or w)"
            ),
            (
                "{\"server\": {\"trustedProxies\": \"10.0.0.0/8\"}}", "server.trustedProxies", 1,
                "must be a list of strings"
            ),
            (
                "{\"server\": {\"trustedProxies\": [\"10.0.0.0/8\", 8]}}", "server.trustedProxies", 1,
                "must be a list of strings"
            ),
            ("{\"server\": {\"insecureCookie\": \"yes\"}}", "server.insecureCookie", 1, "must be true or false"),
            ("{\"server\": {\"maxConnections\": 0}}", "server.maxConnections", 1, "0 is outside 1...1000000"),
            (
                "{\"server\": {\"publicOrigin\": \"\"}}", "server.publicOrigin", 1,
                "must be one line of 1 to 4096 characters"
            ),
            ("{\"server\": {\"listen\": null}}", "server.listen", 1, "must be a string"),
            (
                "{\n\"policy\": {},\n\"servers\": {}\n}", "servers", 3,
                "no section has this name (a file holds policy and server)"
            ),
        ])
    func fileRefusals(text: String, key: String, line: Int, problem: String) throws {
        let path = try file(text)
        let error = try #require(refusal(file: path))
        #expect(error == ConfigurationError(key: key, source: "\(path):\(line)", problem: problem), "\(error)")
    }

    @Test("a bad variable or flag is refused naming the variable or the flag")
    func variableAndFlagRefusals() {
        #expect(
            refusal(environment: ["LATCHKEY_SERVER_HEADER_TIMEOUT": "2h"])
                == ConfigurationError(
                    key: "server.headerTimeout", source: "LATCHKEY_SERVER_HEADER_TIMEOUT",
                    problem: "2h is outside 1s...1h"))
        #expect(
            refusal(environment: ["LATCHKEY_SERVER_TRUSTED_PROXIES": "10.0.0.0/8,,127.0.0.1"])?.problem
                == "each item must be one line of 1 to 4096 characters")
        #expect(
            refusal(flags: ["deliverTimeout": ["301"]])
                == ConfigurationError(
                    key: "server.deliverTimeout", source: "--deliver-timeout", problem: "301s is outside 1s...5m"))
        #expect(
            refusal(flags: ["maxConnections": ["many"]])
                == ConfigurationError(
                    key: "server.maxConnections", source: "--max-connections", problem: "\"many\" is not a whole number"
                ))
    }

    @Test("an unknown variable under LATCHKEY_SERVER_ is a typo, and the database's says which one to use")
    func unknownVariables() {
        #expect(
            refusal(environment: ["LATCHKEY_SERVER_LISTN": "x"])
                == ConfigurationError(
                    key: "LATCHKEY_SERVER_LISTN", source: "the environment", problem: "no setting has this name"))
        #expect(
            refusal(environment: ["LATCHKEY_SERVER_DATABASE": "x"])?.problem
                == "no setting has this name (server.database is LATCHKEY_DATABASE)")
    }

    @Test("every option has a key, a variable and a flag of its own, made from its name")
    func namesOfEveryOption() {
        let all = ServerSetting.all
        #expect(Set(all.map(\.key)).count == all.count)
        #expect(Set(all.map(\.variable)).count == all.count)
        #expect(Set(all.map(\.flag)).count == all.count)
        #expect(ServerSetting.resetURL.variable == "LATCHKEY_SERVER_RESET_URL")
        #expect(ServerSetting.resetURL.flag == "--reset-url")
        #expect(ServerSetting.maxConnections.flag == "--max-connections")
        #expect(ServerSetting.trustedProxies.variable == "LATCHKEY_SERVER_TRUSTED_PROXIES")
        #expect(ServerSetting.trustedProxies.flag == "--trusted-proxy")
        #expect(ServerSetting.secretKeyFile.flag == "--secret-key-file")
        #expect(ServerSetting.rpId.variable == "LATCHKEY_SERVER_RP_ID")
        #expect(ServerSetting.rpId.flag == "--rp-id")
    }

    @Test(
        "the complete example file of the README and of docs/server.md is accepted as it is written",
        arguments: ["README.md", "docs/server.md"])
    func theDocumentedExampleIsAccepted(document: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
        let marker = try #require(text.range(of: "<!-- configuration example -->\n```json\n"))
        let end = try #require(text.range(of: "```", range: marker.upperBound..<text.endIndex))
        let configuration = try LatchkeyConfiguration(
            file: try file(String(text[marker.upperBound..<end.lowerBound])), environment: [:])
        #expect(configuration.server[.trustedProxies]?.list == ["127.0.0.1", "10.0.0.0/8"])
        #expect(configuration.server[.idleTimeout]?.duration == .seconds(60))
        #expect(configuration.policy.lockoutDuration == .seconds(30 * 60))
        #expect(ServerSetting.all.allSatisfy { configuration.server[$0]?.source.hasPrefix(folder.path) == true })
    }
}
