import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// `latchkey passkeys` and the operator's `admin show` / `admin revoke-passkey`, through the built
/// binary. Passkeys are stored through the library into the test's database file: enrolling one
/// needs a browser, which no command offers.
@Suite(.tags(.binary)) struct CLIPasskeysTests {
    let cli = CLIHarness()

    static let summaryKeys: Set<String> = [
        "id", "name", "created", "last_used", "backed_up", "backup_eligible", "transports", "counter_went_backwards",
    ]

    private func json(_ result: CLIResult) throws -> [String: Any] {
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// Stores a passkey named `name` for `username`, its credential ID made of `byte`; answers its id.
    @discardableResult
    private func addPasskey(_ name: String, byte: UInt8, for username: String = "alice") throws -> StoredPasskey {
        let store = PasskeyStore()
        let new = NewPasskey(
            credentialID: Array(repeating: byte, count: 32), publicKey: Array(repeating: 1, count: 77),
            algorithm: COSEAlgorithm.es256.rawValue, signCount: 0, name: name, aaguid: Array(repeating: 0, count: 16),
            attestationFormat: "none", transports: ["internal"], backupEligible: true, backedUp: false,
            userVerified: true)
        let stored = try DatabaseWorker(.file(path: cli.database)).write { db -> StoredPasskey? in
            let userID = try db.queryFirst("SELECT id FROM users WHERE username = ?", [username]) {
                try $0.int64(at: 0)
            }
            return try userID.flatMap { try store.add(new, userID: $0, now: Date(), in: db) }
        }
        return try #require(stored)
    }

    @Test func listRenameAndRevokeShowAndChangeYourPasskeys() throws {
        try cli.registerAndLogin()
        let empty = try cli.run(["passkeys"])
        #expect(
            empty.status == 0 && empty.stdout == "No passkeys. Add one in a browser, on the server's /account page.\n")
        #expect(try json(try cli.run(["passkeys", "--json"]))["passkeys"] as? [Any] != nil)

        let laptop = try addPasskey("Laptop", byte: 1)
        try addPasskey("Phone", byte: 2)
        let listed = try json(try cli.run(["--json", "passkeys", "list"]))
        let passkeys = try #require(listed["passkeys"] as? [[String: Any]])
        #expect(passkeys.map { $0["name"] as? String } == ["Laptop", "Phone"])
        #expect(passkeys.allSatisfy { Set($0.keys) == Self.summaryKeys })
        #expect(passkeys[0]["id"] as? String == laptop.shortID && passkeys[0]["last_used"] is NSNull)
        let text = try cli.run(["passkeys"])
        #expect(text.stdout.hasPrefix("\(laptop.shortID)  Laptop\n      created "))
        #expect(text.stdout.contains(", last used never, not backed up\n"))

        let renamed = try cli.run(["passkeys", "rename", laptop.shortID.uppercased(), "Work\u{202E}laptop"])
        expectOneLine(renamed, 65)
        #expect(
            renamed.stderr
                == "latchkey: A passkey's name is one line of 1 to 64 characters, none of them control or invisible.\n")
        let good = try json(try cli.run(["passkeys", "rename", laptop.shortID, "Work laptop", "--json"]))
        #expect(Set(good.keys) == ["renamed", "message", "passkey"])
        #expect(good["message"] as? String == "Renamed the passkey \(laptop.shortID) to Work laptop.")
        #expect(Set((good["passkey"] as? [String: Any])?.keys.map { $0 } ?? []) == Self.summaryKeys)

        let revoked = try cli.run(["passkeys", "revoke", laptop.shortID])
        #expect(revoked.status == 0 && revoked.stderr == "Removed the passkey Work laptop.\n" && revoked.stdout == "")
        let names = try #require(try json(try cli.run(["passkeys", "--json"]))["passkeys"] as? [[String: Any]])
        #expect(names.map { $0["name"] as? String } == ["Phone"])
        #expect(try cli.query("SELECT count(*) FROM auth_events WHERE kind = 'passkey_removed'") == ["1"])
    }

    @Test func badInputIsOneLineWithTheDocumentedCode() throws {
        try cli.registerAndLogin()
        try cli.registerAndLogin("bobby")
        let bobs = try addPasskey("Bob's key", byte: 3, for: "bobby")
        let only = try addPasskey("Only", byte: 4, for: "bobby")
        // Signed in as bobby now; alice's session file was replaced.
        for id in ["00000000", "", String(repeating: "a", count: 100 * 1024), "abc'--"] {
            let unknown = try cli.run(["passkeys", "revoke", id])
            expectOneLine(unknown, 65)
            #expect(unknown.stderr == "latchkey: No passkey of yours has that id.\n")
        }
        for name in ["", "Lap\ntop", "Laptop\u{1B}[2J", String(repeating: "a", count: 65)] {
            expectOneLine(try cli.run(["passkeys", "rename", bobs.shortID, name]), 65)
        }
        let usage = try cli.run(["passkeys", "rename", bobs.shortID])
        expectOneLine(usage, 64)
        for add in [["passkeys", "add"], ["passkeys", "add", "Laptop", "--json"]] {
            let refused = try cli.run(add)
            expectOneLine(refused, 64)
            #expect(refused.stderr.contains("adding a passkey needs a browser, on the server's /account page"))
        }

        // Without a password, the last passkey is the only way in: the user may not remove it.
        try cli.run(["passkeys", "revoke", bobs.shortID])
        try DatabaseWorker(.file(path: cli.database)).write { db in
            try db.execute("UPDATE users SET password_hash = ? WHERE username = 'bobby'", [ImportCandidate.noPassword])
        }
        let last = try cli.run(["passkeys", "revoke", only.shortID])
        expectOneLine(last, 65)
        #expect(last.stderr.contains("only way in"))

        try cli.run(["logout"])
        let signedOut = try cli.run(["passkeys"])
        expectOneLine(signedOut, 1)
        let token = try cli.run(
            ["passkeys"], extraEnvironment: ["LATCHKEY_TOKEN": "lkp_" + String(repeating: "a", count: 40)])
        expectOneLine(token, 1)
    }

    @Test func helpSaysEnrollingNeedsABrowserOnTheAccountPage() throws {
        let help = try cli.run(["passkeys", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Adding a passkey needs a browser"))
        #expect(help.stdout.contains("/v1/passkeys/register"))
        #expect(help.stdout.contains("public"))
    }

    @Test func theOperatorSeesAnAccountsPasskeysAndRemovesEvenTheLast() throws {
        try cli.registerAndLogin()
        let laptop = try addPasskey("Laptop", byte: 1)
        try DatabaseWorker(.file(path: cli.database)).write { db in
            try PasskeyStore().flagCounterRegression(id: laptop.id, now: Date(), in: db)
        }
        let shown = try cli.run(["admin", "show", "alice"])
        #expect(shown.stdout.contains("\n  passkey \(laptop.shortID)  Laptop\n      created "), "\(shown.stdout)")
        #expect(shown.stdout.contains("WARNING: its signature counter went backwards on "))
        let detail = try json(try cli.run(["admin", "show", "alice", "--json"]))
        let passkeys = try #require(detail["passkeys"] as? [[String: Any]])
        #expect(passkeys.count == 1 && Set(passkeys[0].keys) == Self.summaryKeys)
        #expect(passkeys[0]["counter_went_backwards"] is String)

        let unknown = try cli.run(["admin", "revoke-passkey", "alice", "00000000"])
        expectOneLine(unknown, 65)
        #expect(unknown.stderr == "latchkey: alice has no passkey with that id.\n")
        expectOneLine(try cli.run(["admin", "revoke-passkey", "ghost", laptop.shortID]), 65)
        expectOneLine(try cli.run(["admin", "revoke-passkey", "alice"]), 64)

        let removed = try cli.run(["admin", "revoke-passkey", "alice", laptop.shortID])
        #expect(removed.status == 0 && removed.stderr == "Passkey Laptop of alice removed.\n", "\(removed.stderr)")
        #expect(try cli.query("SELECT count(*) FROM passkeys") == ["0"])
        let events = try cli.query(
            "SELECT actor || '/' || (os_user IS NOT NULL) || '/' || detail FROM auth_events WHERE kind = 'passkey_removed'"
        )
        #expect(events == ["admin/1/Laptop"])
        let phone = try addPasskey("Phone", byte: 2)
        let done = try json(try cli.run(["admin", "revoke-passkey", "alice", phone.shortID, "--json"]))
        #expect(done["done"] as? Bool == true && done["outcome"] as? String == "passkey_revoked")
        #expect(
            done["passkey_name"] as? String == "Phone"
                && done["message"] as? String == "Passkey Phone of alice removed.")
    }
}
