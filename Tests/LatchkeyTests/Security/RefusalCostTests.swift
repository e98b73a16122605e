import Foundation
import Synchronization
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// Counts the imported-hash verifies a sign-in runs, and runs them for real.
final class ImportedHashSpy: ImportedHashVerifying {
    private let count = Mutex(0)
    var calls: Int { count.withLock { $0 } }

    func verify(_ password: String, against hash: ForeignHash) -> Bool {
        count.withLock { $0 += 1 }
        return ImportedHashVerifier().verify(password, against: hash)
    }
}

/// Every refused sign-in costs what an unknown name costs, on both engines: exactly one policy
/// verify of the dummy hash, and no verify of an imported hash, so neither a quick answer nor a
/// slow one tells an unusable, disabled or too costly account apart from one that does not exist.
@Suite(.onEveryEngine, .tags(.postgres)) struct RefusalCostTests {
    let hasher = PasswordHashingSpy(Argon2idHasher(parameters: .cheapestForTests))
    let imported = ImportedHashSpy()
    let workers: LatchkeyWorkers
    let oldPassword = "the password from the old system"

    init() throws {
        var workers = try Seeds.workers(hasher: hasher)
        workers.importedHashes = imported
        self.workers = workers
    }

    /// Registers alice and gives her `hash` as an import would.
    private func importAlice(_ hash: String, scheme: ForeignHash.Scheme = .bcrypt) throws {
        let user = try Seeds.register(Seeds.alice, with: workers)
        try workers.database.write { db in
            try db.execute(
                "INSERT INTO imported_passwords (user_id, scheme, hash, imported_at) VALUES (?, ?, ?, 0)",
                [user.id, scheme.rawValue, hash])
        }
    }

    private func bcrypt(cost: Int) throws -> String {
        let made = try RealTool.output("mkpasswd", ["-m", "bcrypt", "-R", "5", "--stdin"], stdin: oldPassword + "\n")
        return made.replacingOccurrences(of: "$2b$05$", with: "$2b$" + (cost < 10 ? "0" : "") + "\(cost)$")
    }

    /// Signs alice in with `password`: the answer, the policy verifies and the foreign ones it ran.
    private func signIn(_ password: String, as username: String = "alice") -> (
        Login.Authenticate.Response?, [PasswordHashingSpy.Call], Int
    ) {
        hasher.reset()
        let before = imported.calls
        let presenter = LoginPresentationLogicSpy()
        LoginInteractor(presenter: presenter, workers: workers).login(
            request: .init(username: username, password: password))
        return (presenter.responses.last, hasher.calls, imported.calls - before)
    }

    private func expectOnlyTheDummyVerify(
        _ outcome: (Login.Authenticate.Response?, [PasswordHashingSpy.Call], Int), _ what: Comment
    ) {
        #expect(outcome.0 == .invalidCredentials, what)
        #expect(outcome.1 == [.verify(hash: hasher.dummyHash)], what)
        #expect(outcome.2 == 0, what)
    }

    @Test("an unknown name runs exactly the dummy verify")
    func anUnknownName() {
        expectOnlyTheDummyVerify(signIn(oldPassword, as: "mallory"), "unknown name")
    }

    @Test("an account imported with no usable password runs exactly the dummy verify")
    func noUsablePassword() throws {
        try Seeds.register(Seeds.alice, with: workers)
        try workers.database.write { db in
            try db.execute("UPDATE users SET password_hash = ? WHERE username = 'alice'", [ImportCandidate.noPassword])
        }
        expectOnlyTheDummyVerify(signIn(""), "empty password")
        expectOnlyTheDummyVerify(signIn(oldPassword), "no usable password")
    }

    @Test("a disabled account runs exactly the dummy verify, with the right password too")
    func aDisabledAccount() throws {
        try Seeds.register(Seeds.alice, with: workers)
        try AccountAdministration(workers: workers).disable(username: "alice")
        expectOnlyTheDummyVerify(signIn(Seeds.password), "disabled, right password")
        expectOnlyTheDummyVerify(signIn(oldPassword), "disabled, wrong password")
        // The password is never computed, so the trail says why without saying whether it was right.
        let reasons = try workers.database.read { db in
            try db.query("SELECT reason FROM auth_events WHERE kind = 'login_failed' ORDER BY id") {
                try $0.optionalString("reason")
            }
        }
        #expect(reasons == ["disabled", "disabled"])
    }

    @Test("a disabled account with an imported bcrypt hash runs no bcrypt, only the dummy verify")
    func aDisabledImportedAccount() throws {
        try importAlice(try bcrypt(cost: 5))
        try AccountAdministration(workers: workers).disable(username: "alice")
        expectOnlyTheDummyVerify(signIn(oldPassword), "disabled imported account, right password")
    }

    @Test("an imported hash above the cost cap is refused with the dummy cost and never computed")
    func aTooCostlyImportedHash() throws {
        try importAlice(try bcrypt(cost: 14))
        expectOnlyTheDummyVerify(signIn(oldPassword), "bcrypt cost 14")
    }

    @Test("a usable imported hash is verified once, then the dummy: the cost of a sign-in stays as it was")
    func aUsableImportedHash() throws {
        try importAlice(try bcrypt(cost: 5))
        let wrong = signIn("not the old password at all")
        #expect(wrong.0 == .invalidCredentials && wrong.1 == [.verify(hash: hasher.dummyHash)] && wrong.2 == 1)
        let right = signIn(oldPassword)
        guard case .signedIn? = right.0 else {
            Issue.record("the imported password did not sign in")
            return
        }
        #expect(right.1 == [.verify(hash: hasher.dummyHash), .hash] && right.2 == 1, "re-hashed on success")
    }
}
