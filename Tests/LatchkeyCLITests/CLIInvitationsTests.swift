import Foundation
import Testing

@testable import LatchkeyTestSupport

/// `latchkey admin invitations`, `admin revoke-invitation` and `register` with a code, through the
/// built binary.
@Suite(.tags(.binary)) struct CLIInvitationsTests {
    let cli = CLIHarness()
    let password = CLIHarness.password

    private func invite(_ arguments: [String] = []) throws -> String {
        let result = try cli.run(["admin", "invite"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func json(_ result: CLIResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test("The list is a table of pending invitations, and the JSON list the same, never with a code")
    func listShowsPendingInvitationsWithoutCodes() throws {
        #expect(try cli.run(["admin", "invitations"]).stdout == "No pending invitations.\n")
        let first = try invite(["--role", "editor", "--role", "viewer", "--email", "ann@example.com"])
        let second = try invite()
        let text = try cli.run(["admin", "invitations"])
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.count == 3, "\(text.stdout)")
        #expect(lines[0].hasPrefix("ID  CREATED"))
        #expect(lines[0].hasSuffix("CREATED BY"))
        #expect(lines[1].hasPrefix("2 "))
        #expect(lines[2].hasPrefix("1 "))
        #expect(lines[2].contains("ann@example.com") && lines[2].contains("editor,viewer"))
        let listed = try cli.run(["admin", "invitations", "--json"])
        let invitations = try #require(try json(listed)["invitations"] as? [[String: Any]])
        #expect(invitations.map { $0["id"] as? Int } == [2, 1])
        #expect(invitations[1]["roles"] as? [String] == ["editor", "viewer"])
        #expect(invitations[1]["state"] as? String == "pending")
        #expect(invitations[1]["created_by"] as? String != nil)
        for output in [text.stdout, listed.stdout] {
            #expect(!output.contains(first) && !output.contains(second) && !output.contains("lki_"))
        }
    }

    @Test("A used invitation shows as used, with its account, under --all; a revoked one as revoked")
    func allShowsUsedAndRevoked() throws {
        let used = try invite(["--role", "editor"])
        _ = try invite()
        let registered = try cli.run(
            ["register", "carol", "--password-stdin", "--invitation-stdin"], stdin: password + "\n" + used + "\n")
        #expect(registered.status == 0, "\(registered.stderr)")
        let revoked = try cli.run(["admin", "revoke-invitation", "2"])
        #expect(revoked.status == 0, "\(revoked.stderr)")
        #expect(revoked.stderr == "Revoked invitation 2: its code no longer works.\n")
        #expect(try cli.run(["admin", "invitations"]).stdout == "No pending invitations.\n")
        let all = try cli.run(["admin", "invitations", "--all"])
        let lines = all.stdout.split(separator: "\n")
        #expect(lines.count == 3, "\(all.stdout)")
        #expect(lines[0].hasSuffix("STATE"))
        #expect(lines[1].contains("  revoked "), "\(lines[1])")
        #expect(lines[2].contains("  used ") && lines[2].hasSuffix(" by carol"), "\(lines[2])")
        let object = try json(try cli.run(["admin", "invitations", "--all", "--json"]))
        let states = try #require(object["invitations"] as? [[String: Any]]).map { $0["state"] as? String }
        #expect(states == ["revoked", "used"])
    }

    @Test("Revoking an unknown number is one line and exit 65; the JSON error says not_found")
    func unknownNumberIsNotFound() throws {
        for id in ["7", "seven"] {
            let result = try cli.run(["admin", "revoke-invitation", id])
            #expect(result.status == 65)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr == "latchkey: No unused invitation has that number.\n")
        }
        let json = try cli.run(["admin", "revoke-invitation", "7", "--json"])
        #expect(json.status == 65)
        let error = try #require(try self.json(json)["error"] as? [String: Any])
        #expect(error["code"] as? String == "not_found")
    }

    @Test("register with a code from standard input gets its roles; a revoked code is refused as unknown")
    func registerWithACode() throws {
        let code = try invite(["--role", "editor"])
        let registered = try cli.run(
            ["register", "carol", "--password-stdin", "--invitation-stdin", "--json"],
            stdin: password + "\n" + code + "\n")
        #expect(registered.status == 0, "\(registered.stderr)")
        let profile = try #require(try json(registered)["profile"] as? [String: Any])
        #expect(profile["roles"] as? [String] == ["editor"])
        #expect(try cli.query("SELECT used_by IS NOT NULL FROM invitations") == ["1"])

        let revokedCode = try invite(["--role", "editor"])
        #expect(try cli.run(["admin", "revoke-invitation", "2"]).status == 0)
        for (name, used) in [("dave", revokedCode), ("erin", "lki_" + String(repeating: "A", count: 36))] {
            let refused = try cli.run(
                ["register", name, "--password-stdin", "--invitation-stdin"], stdin: password + "\n" + used + "\n")
            #expect(refused.status == 77, "\(refused.stderr)")
            #expect(refused.stderr == "latchkey: That invitation code is not valid.\n")
        }
        #expect(try cli.query("SELECT count(*) FROM users") == ["1"])
    }

    @Test("With --invitation-stdin and no line for the code, register says so and exits 64, creating nothing")
    func missingCodeIsAUsageError() throws {
        let result = try cli.run(
            ["register", "carol", "--password-stdin", "--invitation-stdin"], stdin: password + "\n")
        #expect(result.status == 64)
        #expect(
            result.stderr
                == "latchkey: No invitation code on standard input: --invitation-stdin reads it as one line.\n")
        #expect(try cli.query("SELECT count(*) FROM users") == ["0"])
    }

    @Test("register --invitation with no terminal names --invitation-stdin and exits 64, creating nothing")
    func invitationPromptNeedsATerminal() throws {
        let result = try cli.run(["register", "carol", "--password-stdin", "--invitation"], stdin: password + "\n")
        #expect(result.status == 64)
        #expect(
            result.stderr
                == "latchkey: No terminal to ask for the invitation code: pipe it in with --invitation-stdin.\n")
        #expect(try cli.query("SELECT count(*) FROM users") == ["0"])
    }
}
