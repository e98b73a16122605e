import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// Each engine's constraint failures become the same `DatabaseError` answers (and so the same exit codes).
@Suite(.onEveryEngine, .tags(.postgres)) struct ConstraintErrorTests {
    private let worker: DatabaseWorker
    private let hash = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g"

    init() throws {
        worker = try freshDatabase()
        try worker.write { [hash] db in
            try db.execute(
                """
                INSERT INTO users (username, email, email_key, email_verified_at, password_hash, created_at, updated_at)
                VALUES (?, ?, ?, 1, ?, 0, 0)
                """,
                ["alice", "alice@example.com", "alice@example.com", hash])
        }
    }

    private func failure(_ sql: String, _ values: [any SQLBindable]) -> DatabaseError? {
        do {
            try worker.write { db in try db.execute(sql, values) }
            return nil
        } catch {
            return error as? DatabaseError
        }
    }

    @Test func aDuplicateUsernameIsAUniqueViolationOnUsername() {
        let error = failure(
            "INSERT INTO users (username, password_hash, created_at, updated_at) VALUES (?, ?, 0, 0)", ["alice", hash])
        #expect(error?.constraint == .unique)
        #expect(error?.brokeUniqueness(of: "users", "username") == true)
        #expect(error?.brokeUniqueness(of: "users", "email_key") == false)
        if let code = error?.sqliteCode {
            #expect(code.primary == .constraint)
            #expect(code == .constraintUnique)
        }
    }

    /// Latchkey stores usernames lower-cased; each engine refuses another case in its own way (SQLite's
    /// NOCASE index, PostgreSQL's check that the stored form is lower-case), never storing a second "alice".
    @Test func aUsernameInAnotherCaseIsNeverStoredBesideTheFirst() {
        let error = failure(
            "INSERT INTO users (username, password_hash, created_at, updated_at) VALUES (?, ?, 0, 0)", ["ALICE", hash])
        #expect(error?.constraint == (worker.dialect == .sqlite ? .unique : .check))
    }

    @Test func aDuplicateVerifiedEmailInAnotherCaseIsAUniqueViolationOnItsKey() throws {
        let email = try EmailAddress("Alice@Example.COM")
        let error = failure(
            """
            INSERT INTO users (username, email, email_key, email_verified_at, password_hash, created_at, updated_at)
            VALUES (?, ?, ?, 1, ?, 0, 0)
            """,
            ["bob", email.value, email.key, hash])
        #expect(error?.constraint == .unique)
        #expect(error?.brokeUniqueness(of: "users", "email_key") == true)
        #expect(error?.brokeUniqueness(of: "users", "username") == false)
    }

    @Test("an unverified copy of a verified address is no violation: an unverified address reserves nothing")
    func anUnverifiedDuplicateEmailIsStored() throws {
        let email = try EmailAddress("Alice@Example.COM")
        #expect(
            failure(
                "INSERT INTO users (username, email, email_key, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?, 0, 0)",
                ["bob", email.value, email.key, hash]) == nil)
    }

    @Test func aSessionOfAMissingUserIsAForeignKeyViolation() {
        let error = failure(
            "INSERT INTO sessions (user_id, token_hash, created_at, expires_at, last_used_at) VALUES (?, ?, 0, 1, 0)",
            [42, [UInt8](repeating: 7, count: 32)])
        #expect(error?.constraint == .foreignKey)
    }

    @Test func aPhoneThatIsNotE164IsACheckViolation() {
        let error = failure(
            "INSERT INTO users (username, phone, password_hash, created_at, updated_at) VALUES (?, ?, ?, 0, 0)",
            ["carol", "+1 555 0100", hash])
        #expect(error?.constraint == .check)
    }

    @Test func aMissingPasswordHashIsANotNullViolation() {
        let error = failure(
            "INSERT INTO users (username, password_hash, created_at, updated_at) VALUES (?, ?, 0, 0)",
            ["dave", String?.none])
        #expect(error?.constraint == .notNull)
        if error?.sqliteCode != nil { #expect(error?.constrainedColumns == ["users.password_hash"]) }
    }

    @Test func errorsCarryTheSQLButNeverTheBoundValues() {
        let secret = "correct horse battery staple"
        let sql = "INSERT INTO users (username, password_hash, created_at, updated_at) VALUES (?, ?, 0, 0)"
        let error = failure(sql, ["alice", "$argon2id$" + secret])
        #expect(error?.sql == sql)
        #expect(error.map { !String(describing: $0).contains(secret) } == true)
        #expect(error.map { !StorageText.explain($0).contains(secret) } == true)
    }

    @Test func aValueOfTheWrongTypeIsNeverQuotedInTheError() {
        let secret = "correct horse battery staple"
        let error = failure("UPDATE users SET created_at = ? WHERE id = 1", [secret])
        #expect(error != nil)
        #expect(error.map { !String(describing: $0).contains(secret) } == true)
        #expect(error?.engineMessage.map { !$0.contains(secret) } ?? true)
    }

    @Test func deletingAUserCascadesToItsSessions() throws {
        let remaining = try worker.write { db in
            try db.execute(
                "INSERT INTO sessions (user_id, token_hash, created_at, expires_at, last_used_at) VALUES (1, ?, 0, 1, 0)",
                [[UInt8](repeating: 1, count: 32)])
            try db.execute("DELETE FROM users WHERE id = 1")
            return try db.queryFirst("SELECT count(*) FROM sessions") { try $0.int64(at: 0) }
        }
        #expect(remaining == 0)
    }
}
