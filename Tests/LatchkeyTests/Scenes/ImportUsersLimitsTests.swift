import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// What an import must refuse or end, on both engines: dates the readers cannot read, hashes that
/// cost a sign-in far more than the policy's Argon2id, and the sessions and access tokens of an
/// account whose password `--on-conflict update` replaced.
@Suite(.onEveryEngine, .tags(.postgres)) struct ImportUsersLimitsTests {
    let time = ManualTime(Date(timeIntervalSince1970: 1_800_000_000))
    let workers: LatchkeyWorkers
    let folder: TemporaryFolder
    static let actor = AuthEvent.Operator(osUser: "root")
    static let password = "bob's imported password"
    /// `password` as sha256crypt (`mkpasswd -m sha256crypt`, 5,000 rounds): cheap and well formed.
    static let sha = "$5$saltsaltsalt$DBeWcHupb/wyWcOWiarXC/L9JlD8e2cc2ymrRPFnIQ3"

    init() throws {
        workers = try Seeds.workers(time: time)
        folder = try TemporaryFolder()
    }

    private func run(_ text: String, _ format: ImportFormat, conflict: ImportUsers.Conflict = .fail) throws
        -> ImportUsers.Response
    {
        let path = folder.path + "/input-\(UUID().uuidString)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        let spy = ImportUsersPresentationSpy()
        ImportUsersInteractor(presenter: spy, workers: workers).importUsers(
            request: .init(descriptor: descriptor, format: format, conflict: conflict, actor: Self.actor))
        return try #require(spy.responses.last)
    }

    private func count(_ sql: String) throws -> Int64 {
        try workers.database.read { db in try db.queryFirst(sql) { try $0.int64(at: 0) } ?? -1 }
    }

    @Test("a created_at the readers cannot read, or later than a day from now, is refused with its line")
    func outOfRangeDatesAreRefused() throws {
        let rows = [
            "ann,\(Self.sha),9999999999999",  // 2: milliseconds, or a typo: year 318857
            "ben,\(Self.sha),1800000000",  // 3: now
            "cat,\(Self.sha),1800090000",  // 4: 25 hours ahead
            "dan,\(Self.sha),1959-12-31T23:59:59Z",  // 5: before 1970
            "eve,\(Self.sha),1800086400",  // 6: a day ahead: a clock or a time zone apart, kept
            "fay,\(Self.sha),0",  // 7: 1970
            "gus,\(Self.sha),9223372036854775807",  // 8: Int64's largest, past any Date's seconds
        ]
        let csv = "username,password_hash,created_at\n" + rows.joined(separator: "\n") + "\n"
        guard case .refused(let refused) = try run(csv, .csv) else {
            Issue.record("rows with unreadable dates were imported")
            return
        }
        let reason = "created_at is out of range (1970-01-01 to a day from now)"
        #expect(refused.refusals == [2, 4, 5, 8].map { ImportUsers.Refusal(line: $0, reason: reason) })
        #expect(try count("SELECT count(*) FROM users") == 0)

        guard case .imported(let summary) = try run(csv, .csv, conflict: .skip) else {
            Issue.record("the rest was not imported")
            return
        }
        #expect(summary.imported == 3 && summary.skipped == 0 && summary.refused == 4)
        // Every stored account reads back: the listing `admin users` shows does not fail.
        let listed = try workers.database.read { db in try workers.accounts.list(search: nil, limit: 10, in: db) }
        #expect(listed.map(\.profile.username) == ["ben", "eve", "fay"])
    }

    @Test("a hash that costs a sign-in far more than the policy's Argon2id is refused with its line")
    func tooCostlyHashesAreRefused() throws {
        let bcrypt = "$2b$05$Klx2LOOtigcw7ZUXa8x2UO7wi561dKQoAnoBe3db6pEUgEi1YqDPe"
        let digest32 = String(repeating: "A", count: 43) + "="
        let digest64 = String(repeating: "A", count: 86) + "=="
        let argon2 = { (memory: Int, passes: Int) in
            "$argon2id$v=19$m=\(memory),t=\(passes),p=1$c2FsdHNhbHRzYWx0$" + String(repeating: "A", count: 43)
        }
        // Each at its scheme's cap (kept) and just past it (refused), in turn.
        let hashes = [
            bcrypt.replacingOccurrences(of: "$2b$05$", with: "$2b$13$"),
            bcrypt.replacingOccurrences(of: "$2b$05$", with: "$2b$14$"),
            "$6$rounds=1000000$saltsalt$" + String(repeating: "a", count: 86),
            "$6$rounds=1000001$saltsalt$" + String(repeating: "a", count: 86),
            "pbkdf2_sha256$1500000$salt$" + digest32, "pbkdf2_sha256$1500001$salt$" + digest32,
            "scrypt$65536$salt$8$1$" + digest64, "scrypt$131072$salt$8$1$" + digest64,
            argon2(131_072, 2), argon2(131_072, 3),
            "$y$jBT$Uh/XdUzIQogqXCpK7dAoi.$1F0uRPNE0xRZ0dIktsmEpCu.MHpp/u1MWvkXmjr4bSC",
            "$y$jCT$cX.0kX2rXV6Hx2hN4hM6b.$2LHnC29XFGnes7fDUEtKWi.hoBcQqRA0Qmsu7S5tcC.",
        ]
        let csv =
            "username,password_hash\n" + hashes.enumerated().map { "user\($0.offset),\"\($0.element)\"\n" }.joined()
        guard case .refused(let summary) = try run(csv, .csv) else {
            Issue.record("too costly hashes were imported")
            return
        }
        let schemes = ["bcrypt", "sha512crypt", "pbkdf2_sha256", "scrypt", "argon2id", "yescrypt"]
        #expect(
            summary.refusals
                == schemes.enumerated().map {
                    ImportUsers.Refusal(line: 3 + 2 * $0.offset, reason: "a malformed or too costly \($0.element) hash")
                })
    }

    /// Registers bob, signs him in twice and gives him an access token: what a thief could hold.
    private func bobWithSessionsAndAToken() throws -> Int64 {
        let bob = try Seeds.register(Seeds.bob, with: workers)
        for _ in 0..<2 { _ = try Seeds.login("bob", Seeds.bob.password, with: workers) }
        try workers.database.write { db in
            try db.execute(
                "INSERT INTO access_tokens (user_id, name, token_hash, created_at) VALUES (?, 'ci', ?, ?)",
                [bob.id, RandomBytes.make(32), time.now().databaseSeconds])
        }
        return bob.id
    }

    private func live(_ id: Int64) throws -> (sessions: Int64, tokens: Int64) {
        (
            try count("SELECT count(*) FROM sessions WHERE revoked_at IS NULL AND user_id = \(id)"),
            try count("SELECT count(*) FROM access_tokens WHERE revoked_at IS NULL AND user_id = \(id)")
        )
    }

    @Test("--on-conflict update that changes a password ends the user's sessions and access tokens")
    func updateEndsSessionsAndTokens() throws {
        let id = try bobWithSessionsAndAToken()
        #expect(try live(id) == (2, 1))
        guard case .imported(let summary) = try run("bob:\(Self.sha)\n", .htpasswd, conflict: .update) else {
            Issue.record("not updated")
            return
        }
        #expect(summary.updated == 1)
        #expect(try live(id) == (0, 0))
        #expect(try count("SELECT count(*) FROM auth_events WHERE kind = 'password_set' AND os_user = 'root'") == 1)

        // The account's own imported hash once more changes no password: a token made since stays.
        try workers.database.write { db in
            try db.execute(
                "INSERT INTO access_tokens (user_id, name, token_hash, created_at) VALUES (?, 'new', ?, ?)",
                [id, RandomBytes.make(32), time.now().databaseSeconds])
        }
        guard case .imported = try run("bob:\(Self.sha)\n", .htpasswd, conflict: .update) else {
            Issue.record("not updated")
            return
        }
        #expect(try live(id) == (0, 1))
        #expect(try count("SELECT count(*) FROM auth_events WHERE kind = 'password_set'") == 1)
        _ = try Seeds.login("bob", Self.password, with: workers)
    }
}
