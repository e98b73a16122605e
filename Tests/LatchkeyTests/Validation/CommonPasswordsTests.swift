import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

@Suite struct CommonPasswordsTests {
    let rules = PasswordRules(policy: SecurityPolicy(minimumPasswordLength: 8))
    let user = try! Username("someone")

    @Test func theCompiledListHoldsAtLeastTenThousandPasswords() {
        #expect(CommonPasswords.count >= 10_000)
    }

    @Test func theCompiledListIsTheDataFileOfTheRepository() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Latchkey/Data/common-passwords.txt")
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map { $0.lowercased() }
        #expect(Set(lines) == CommonPasswords.entries)
    }

    @Test(arguments: [
        "password1", "PASSWORD1", "Password1", "ｐａｓｓｗｏｒｄ１", "ＰＡＳＳＷＯＲＤ1", "qwertyuiop", "QwErTyUiOp",
        "1234567890", "１２３４５６７８９０", "iloveyou",
    ])
    func commonPasswordsAreRejectedInAnyCaseOrWidth(_ password: String) {
        #expect(throws: PasswordRejection.common) { try rules.check(password, username: user) }
    }

    @Test func anUncommonPassphraseIsAccepted() throws {
        #expect(try rules.check("staple battery horse correct", username: user) == "staple battery horse correct")
    }

    @Test func aPasswordHoldingTheUsernameOrTheEmailLocalPartIsRejected() throws {
        let email = try EmailAddress("Wonderland.Fan@example.com")
        #expect(throws: PasswordRejection.containsUsername) {
            try rules.check("my name is SOMEONE and this is long", username: user)
        }
        #expect(throws: PasswordRejection.containsEmail) {
            try rules.check("I am wonderland.fan forever and ever", username: user, email: email)
        }
        // Too short a local part is not held against the password.
        #expect(
            try rules.check("a perfectly fine long passphrase", username: user, email: try EmailAddress("a@b.co"))
                == "a perfectly fine long passphrase")
    }

    @Test func registerRefusesACommonPasswordThroughThePresenter() throws {
        let workers = try Seeds.workers(policy: SecurityPolicy(minimumPasswordLength: 8))
        let display = DisplayLogicSpy()
        SceneFactory(workers: workers).makeRegisterScene(display: display).interactor.register(
            request: .init(username: "zed", password: "Ｐａｓｓｗｏｒｄ１２３"))
        #expect(
            display.registrations == [
                .failure(
                    LatchkeyError(
                        message: "Password refused: it is one of the most common passwords. Choose another.",
                        kind: .invalidInput, code: .weakPassword))
            ])
    }
}
