import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// An imported hash signs its user in once as its own system would, then gives way to Argon2id at
/// policy strength; on both engines.
@Suite(.onEveryEngine, .tags(.postgres)) struct ImportedPasswordTests {
    let spy = PasswordHashingSpy(Argon2idHasher(parameters: .cheapestForTests))
    let workers: LatchkeyWorkers
    let oldPassword = "the password from the old system"

    init() throws {
        workers = try Seeds.workers(hasher: spy)
    }

    /// Registers alice, then gives her `hash` as an import would.
    private func importAlice(_ hash: String) throws -> Int64 {
        let user = try Seeds.register(Seeds.alice, with: workers)
        let foreign = try #require(ForeignHash(hash))
        try workers.database.write { db in
            try db.execute(
                "INSERT INTO imported_passwords (user_id, scheme, hash, imported_at) VALUES (?, ?, ?, 0)",
                [user.id, foreign.scheme.rawValue, hash])
        }
        return user.id
    }

    private func imported(_ id: Int64) throws -> Int64 {
        try workers.database.read { db in
            try db.queryFirst("SELECT count(*) AS n FROM imported_passwords WHERE user_id = ?", [id]) {
                try $0.int64("n")
            } ?? -1
        }
    }

    private func signIn(_ password: String) -> Login.Authenticate.Response? {
        let presenter = LoginPresentationLogicSpy()
        LoginInteractor(presenter: presenter, workers: workers).login(
            request: .init(username: "alice", password: password))
        return presenter.responses.last
    }

    @Test(arguments: [
        ("mkpasswd", ["-m", "sha512crypt", "--stdin"]), ("mkpasswd", ["-m", "yescrypt", "--stdin"]),
        ("mkpasswd", ["-m", "bcrypt", "--stdin"]), ("openssl", ["passwd", "-1", "-stdin"]),
        ("openssl", ["passwd", "-apr1", "-stdin"]),
    ])
    func theFirstSignInVerifiesTheImportedHashAndReplacesItWithArgon2id(tool: String, arguments: [String]) throws {
        let id = try importAlice(try RealTool.output(tool, arguments, stdin: oldPassword + "\n"))
        // The password of the registration is not the account's any more: the import's is.
        guard case .invalidCredentials? = signIn(Seeds.password) else {
            Issue.record("the replaced password still signs in")
            return
        }
        #expect(try imported(id) == 1)
        spy.reset()
        guard case .signedIn? = signIn(oldPassword) else {
            Issue.record("the imported password does not sign in")
            return
        }
        // The foreign verify is followed by the policy's Argon2id on the dummy hash: never cheaper.
        #expect(spy.calls.contains(.verify(hash: spy.dummyHash)))
        #expect(spy.calls.contains(.hash))
        #expect(try imported(id) == 0)
        let stored = try workers.database.read { db in
            try db.queryFirst("SELECT password_hash FROM users WHERE id = ?", [id]) { try $0.string("password_hash") }
        }
        #expect(stored?.hasPrefix("$argon2id$") == true && !spy.real.needsRehash(stored ?? ""))
        spy.reset()
        guard case .signedIn? = signIn(oldPassword) else {
            Issue.record("the re-hashed password does not sign in")
            return
        }
        #expect(!spy.calls.contains(.verify(hash: spy.dummyHash)), "a native hash pays no padding")
    }

    @Test func anImportedArgon2idAtPolicyStrengthMovesToTheAccountToo() throws {
        let id = try importAlice(try spy.real.hash(oldPassword))
        guard case .signedIn? = signIn(oldPassword) else {
            Issue.record("the imported Argon2id does not sign in")
            return
        }
        #expect(try imported(id) == 0)
    }

    @Test("a sign-in with an imported password records a password, as any other")
    func anImportedPasswordSignInRecordsPwd() throws {
        _ = try importAlice(try spy.real.hash(oldPassword))
        guard case .signedIn(_, let session, _)? = signIn(oldPassword) else {
            Issue.record("the imported password does not sign in")
            return
        }
        #expect(session.methods == [.password])
    }

    @Test func aWrongPasswordLeavesTheImportAndPasswdReplacesIt() throws {
        let id = try importAlice(try RealTool.output("openssl", ["passwd", "-6", "-stdin"], stdin: oldPassword + "\n"))
        guard case .invalidCredentials? = signIn("not the old password at all") else {
            Issue.record("a wrong password signed in")
            return
        }
        #expect(try imported(id) == 1)
        let token = try Seeds.login("alice", oldPassword, with: workers)
        #expect(try imported(id) == 0)
        let presenter = ChangePasswordPresentationLogicSpy()
        ChangePasswordInteractor(presenter: presenter, workers: workers).changePassword(
            request: .init(token: token, currentPassword: oldPassword, newPassword: "a new passphrase, long enough"))
        guard case .changed? = presenter.responses.last else {
            Issue.record("passwd failed: \(presenter.responses)")
            return
        }
    }
}
