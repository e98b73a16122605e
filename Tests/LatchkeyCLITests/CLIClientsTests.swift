import Foundation
import Testing

@testable import LatchkeyTestSupport

/// `latchkey clients add|list|show|remove|rotate-secret`, through the built binary.
@Suite(.tags(.binary)) struct CLIClientsTests {
    let cli = CLIHarness()

    private func json(_ result: CLIResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    private func add(_ name: String, _ arguments: [String] = []) throws -> CLIResult {
        try cli.run(["clients", "add", name, "--redirect-uri", "https://wiki.example.com/cb"] + arguments)
    }

    @Test("add prints the client ID and the secret once; the database keeps only the secret's hash")
    func addPrintsTheSecretOnce() throws {
        let result = try add("wiki", ["--scope", "email", "--post-logout-redirect-uri", "https://wiki.example.com/"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "Added the client wiki. Copy its secret now: it is not shown again.\n")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("Client ID:      lkc_"))
        #expect(lines[1].hasPrefix("Client secret:  lks_"))
        let secret = String(lines[1].dropFirst("Client secret:  ".count))
        let dump =
            try cli.query("SELECT * FROM oidc_clients").joined() + cli.query("SELECT * FROM oidc_client_uris").joined()
        #expect(!dump.contains(secret) && !dump.contains(String(secret.dropFirst(4))))
        #expect(try cli.query("SELECT length(secret_hash), public, scopes FROM oidc_clients") == ["32|0|openid email"])
        for output in [try cli.run(["clients", "list"]), try cli.run(["clients", "show", "wiki", "--json"])] {
            #expect(output.status == 0)
            #expect(!output.stdout.contains(secret) && !output.stdout.contains("lks_"))
        }
        #expect(try cli.query("SELECT kind, os_user IS NOT NULL FROM auth_events") == ["oidc_client_added|1"])
    }

    @Test("add --public --json has a null secret; list and show describe the client in text and JSON")
    func publicClientListAndShow() throws {
        let added = try cli.run([
            "clients", "add", "cli-tool", "--public", "--first-party", "--redirect-uri",
            "http://127.0.0.1:8765/callback", "--scope", "profile", "--json",
        ])
        #expect(added.status == 0, "\(added.stderr)")
        let object = try json(added)
        #expect(object["client_secret"] is NSNull)
        let client = try #require(object["client"] as? [String: Any])
        let clientID = try #require(client["client_id"] as? String)
        #expect(client["public"] as? Bool == true && client["first_party"] as? Bool == true)
        #expect(client["scopes"] as? [String] == ["openid", "profile"])
        #expect(client["redirect_uris"] as? [String] == ["http://127.0.0.1:8765/callback"])
        #expect(try add("wiki").status == 0)

        let list = try cli.run(["clients", "list"])
        let rows = list.stdout.split(separator: "\n")
        #expect(rows.count == 3, "\(list.stdout)")
        #expect(rows[0].hasPrefix("NAME ") && rows[0].hasSuffix("REDIRECT URIS"))
        #expect(rows[1].hasPrefix("cli-tool ") && rows[1].contains("public,first-party"))
        #expect(rows[2].hasPrefix("wiki ") && rows[2].contains("confidential"))
        let listed = try #require(try json(try cli.run(["clients", "list", "--json"]))["clients"] as? [[String: Any]])
        #expect(listed.map { $0["name"] as? String } == ["cli-tool", "wiki"])

        let shown = try cli.run(["clients", "show", clientID])
        #expect(shown.status == 0)
        #expect(shown.stdout.contains("Client ID:       \(clientID)\n"))
        #expect(shown.stdout.contains("Redirect URI:    http://127.0.0.1:8765/callback\n"))
        #expect(shown.stdout.contains("Created by:      the operator\n"))
        #expect(try json(try cli.run(["clients", "show", "CLI-TOOL", "--json"]))["client_id"] as? String == clientID)
        #expect(try cli.run(["clients"]).stdout == list.stdout)
    }

    @Test("rotate-secret prints a new secret alone; remove ends the client; both audited")
    func rotateAndRemove() throws {
        let first = try add("wiki")
        let oldSecret = String(first.stdout.split(separator: "\n")[1].dropFirst("Client secret:  ".count))
        let rotated = try cli.run(["clients", "rotate-secret", "wiki"])
        #expect(rotated.status == 0, "\(rotated.stderr)")
        let secret = rotated.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(secret.hasPrefix("lks_") && secret != oldSecret)
        #expect(rotated.stderr.hasPrefix("New secret for the client wiki; the old one no longer works."))
        let json = try self.json(try cli.run(["clients", "rotate-secret", "wiki", "--json"]))
        #expect((json["client_secret"] as? String)?.hasPrefix("lks_") == true)

        let removed = try cli.run(["clients", "remove", "WIKI"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stderr.hasPrefix("Removed the client wiki (lkc_"))
        #expect(try cli.query("SELECT count(*) FROM oidc_clients") == ["0"])
        #expect(try cli.run(["clients", "list"]).stdout == "No clients.\n")
        #expect(
            try cli.query("SELECT kind FROM auth_events ORDER BY id")
                == [
                    "oidc_client_added", "oidc_client_secret_rotated", "oidc_client_secret_rotated",
                    "oidc_client_removed",
                ])
    }

    @Test("An unknown client is one line and exit 65; the JSON error says not_found")
    func unknownClientIsNotFound() throws {
        for command in ["show", "remove", "rotate-secret"] {
            let result = try cli.run(["clients", command, "nothing"])
            #expect(result.status == 65, "\(command)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr == "latchkey: No client has that client ID or name.\n")
            let json = try cli.run(["clients", command, "nothing", "--json"])
            #expect(json.status == 65)
            #expect((try self.json(json)["error"] as? [String: Any])?["code"] as? String == "not_found")
        }
    }

    @Test("Bad input is one line and exit 65, storing nothing; a missing redirect URI too")
    func badInputIsRefused() throws {
        #expect(try add("wiki").status == 0)
        let cases: [([String], String)] = [
            (
                ["clients", "add", "x", "--redirect-uri", "http://wiki.example.com/cb"],
                "latchkey: Invalid redirect URI http://wiki.example.com/cb: it must use https "
                    + "(http only for 127.0.0.1, [::1] or localhost).\n"
            ),
            (
                ["clients", "add", "x", "--redirect-uri", "https://wiki.example.com/cb#top"],
                "latchkey: Invalid redirect URI https://wiki.example.com/cb#top: it may not have a fragment (#).\n"
            ),
            (
                ["clients", "add", "x", "--redirect-uri", "javascript:alert(1)"],
                "latchkey: Invalid redirect URI javascript:alert(1): it must be an absolute https:// URI.\n"
            ),
            (
                ["clients", "add", "x", "--redirect-uri", "https://*.example.com/cb"],
                "latchkey: Invalid redirect URI https://*.example.com/cb: it may not have a wildcard (*): "
                    + "each URI is matched exactly.\n"
            ),
            (["clients", "add", "x"], "latchkey: A client needs at least one redirect URI.\n"),
            (
                ["clients", "add", "x", "--redirect-uri", "https://a.example/cb", "--scope", "offline"],
                "latchkey: Unknown scope offline: the scopes are openid, profile, email, roles.\n"
            ),
            (
                ["clients", "add", "WIKI", "--redirect-uri", "https://a.example/cb"],
                "latchkey: A client named WIKI exists already.\n"
            ),
            (
                ["clients", "add", "a\u{1B}[2Jb", "--redirect-uri", "https://a.example/cb"],
                "latchkey: A client's name is one line of 1 to 64 printable characters, not starting with lkc_.\n"
            ),
        ]
        for (arguments, line) in cases {
            let result = try cli.run(arguments)
            #expect(result.status == 65, "\(arguments)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr == line)
        }
        let publicRotation = try cli.run([
            "clients", "add", "spa", "--public", "--redirect-uri", "https://a.example/cb",
        ])
        #expect(publicRotation.status == 0)
        #expect(
            try cli.run(["clients", "rotate-secret", "spa"]).stderr
                == "latchkey: A public client has no secret to replace.\n")
        #expect(try cli.query("SELECT count(*) FROM oidc_clients") == ["2"])
        #expect(try cli.query("SELECT count(*) FROM auth_events") == ["2"])
    }
}
