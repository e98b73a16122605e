import Foundation
import Testing

@testable import LatchkeyTestSupport

/// The keys of `tokens … --json` and `admin … --json`: the library's results, every key always
/// present (null when absent), inside each command's envelope.
@Suite struct CLIAccessJSONTests {
    let cli = CLIHarness()

    private func json(_ result: CLIResult) throws -> [String: Any] {
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    static let tokenKeys: Set<String> = [
        "id", "name", "roles", "created", "expires", "last_used", "last_used_address", "last_used_user_agent",
    ]
    static let accountKeys: Set<String> = [
        "user_id", "username", "display_name", "email", "phone", "created", "last_sign_in", "disabled", "locked",
        "password_change_required", "roles", "second_factor", "recovery_codes_left", "imported_hash",
    ]
    static let sessionKeys: Set<String> = [
        "id", "label", "created", "last_used", "expires", "expires_if_unused", "expires_at_latest", "current",
        "address", "user_agent", "client",
    ]
    static let eventKeys: Set<String> = [
        "time", "kind", "reason", "description", "by_administrator", "address", "user_agent", "count",
    ]
    static let doneKeys: Set<String> = [
        "done", "message", "outcome", "username", "sessions_ended", "access_tokens_revoked", "roles",
        "access_token_name", "passkey_name",
    ]

    private func keys(_ value: Any?) -> Set<String> {
        Set((value as? [String: Any])?.keys.map { $0 } ?? [])
    }

    @Test func tokensJSONHasTheSummaryKeysWithNullForWhatIsAbsent() throws {
        try cli.registerAndLogin()
        let created = try json(try cli.run(["tokens", "create", "ci", "--json"]))
        #expect(Set(created.keys) == ["token", "access_token"])
        let summary = try #require(created["access_token"] as? [String: Any])
        #expect(Set(summary.keys) == Self.tokenKeys)
        #expect(summary["last_used"] is NSNull && summary["last_used_address"] is NSNull)

        let listed = try #require(try json(try cli.run(["tokens", "list", "--json"]))["tokens"] as? [Any])
        #expect(listed.map(keys) == [Self.tokenKeys])

        let id = try #require(summary["id"] as? String)
        let revoked = try json(try cli.run(["tokens", "revoke", id, "--json"]))
        #expect(Set(revoked.keys) == ["revoked", "message", "access_token"])
        #expect(revoked["message"] as? String == "Revoked the access token ci.")
        #expect(keys(revoked["access_token"]) == Self.tokenKeys)
    }

    @Test func adminJSONHasTheAccountDetailAndActionKeys() throws {
        try cli.registerAndLogin()
        _ = try json(try cli.run(["tokens", "create", "ci", "--json"]))
        let users = try #require(try json(try cli.run(["admin", "users", "--json"]))["users"] as? [[String: Any]])
        #expect(users.map { Set($0.keys) } == [Self.accountKeys])
        #expect(users.first?["display_name"] is NSNull && users.first?["imported_hash"] is NSNull)

        let done = try json(try cli.run(["admin", "roles", "alice", "--add", "editor", "--json"]))
        #expect(Set(done.keys) == Self.doneKeys)
        #expect(done["message"] as? String == "Roles of alice: editor.")
        #expect(done["outcome"] as? String == "roles" && done["sessions_ended"] is NSNull)
        let none = try json(try cli.run(["admin", "roles", "alice", "--remove", "editor", "--json"]))
        #expect(none["message"] as? String == "Roles of alice: none.")

        let shown = try json(try cli.run(["admin", "show", "alice", "--json"]))
        #expect(Set(shown.keys) == ["user", "sessions", "events", "access_tokens", "passkeys"])
        #expect(keys(shown["user"]) == Self.accountKeys)
        let sessions = try #require(shown["sessions"] as? [Any])
        #expect(!sessions.isEmpty && sessions.map(keys).allSatisfy { $0 == Self.sessionKeys })
        let events = try #require(shown["events"] as? [[String: Any]])
        #expect(!events.isEmpty && events.allSatisfy { Set($0.keys) == Self.eventKeys })
        #expect((events.first?["description"] as? String)?.hasPrefix("Roles changed (by administrator ") == true)
        #expect(events.first?["by_administrator"] as? Bool == true)
        let tokens = try #require(shown["access_tokens"] as? [Any])
        #expect(tokens.map(keys) == [Self.tokenKeys])
        let onlyTokens = try json(try cli.run(["admin", "tokens", "alice", "--json"]))
        #expect(Set(onlyTokens.keys) == ["tokens"])
    }
}
