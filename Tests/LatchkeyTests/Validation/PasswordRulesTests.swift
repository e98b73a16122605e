import Foundation
import Testing

@testable import Latchkey

@Suite struct PasswordRulesTests {
    let rules = PasswordRules(policy: SecurityPolicy())
    let alice = try! Username("alice")

    @Test(arguments: [
        "correct horse battery staple", "fifteen chars!!", "ünïcödé pässwörd ok", "🔐🔐🔐🔐🔐🔐🔐🔐🔐🔐🔐🔐🔐🔐🔐",
        "quote' and -- and ; fine",
    ])
    func longEnoughPasswordsWithoutCompositionRulesAreAccepted(_ password: String) throws {
        #expect(try rules.check(password, username: alice) == PasswordRules.normalize(password))
    }

    // Issue 9, item 21: before, a password of 20 NUL bytes was accepted.
    @Test(arguments: [
        String(repeating: "\u{0}", count: 20), "nul\u{0}inside is refused", "a tab\tinside is refused too",
        "an escape \u{1B}[2J clears screens", "a C1 control \u{9B} is refused",
    ])
    func newPasswordsWithNULOrOtherControlCharactersAreRefused(_ password: String) {
        #expect(throws: PasswordRejection.controlCharacters) { try rules.check(password, username: alice) }
    }

    @Test func lengthIsCountedInCodePointsAfterNFKC() throws {
        // Fourteen full-width letters are fourteen code points: too short, whatever their byte count.
        #expect(throws: PasswordRejection.tooShort(minimum: 15)) {
            try rules.check(String(repeating: "ｗ", count: 14), username: alice)
        }
        // "ﬁ" is one code point that NFKC turns into two: eight ligatures reach sixteen.
        #expect(try rules.check(String(repeating: "ﬁ", count: 8), username: alice) == String(repeating: "fi", count: 8))
        // Full-width and ASCII forms of one password normalize alike.
        #expect(PasswordRules.normalize("ｃｏｒｒｅｃｔ") == "correct")
    }

    @Test func tooShortAndTooLongPasswordsAreRejectedNeverTruncated() throws {
        #expect(throws: PasswordRejection.tooShort(minimum: 15)) { try rules.check("fourteen chars", username: alice) }
        #expect(throws: PasswordRejection.tooShort(minimum: 15)) { try rules.check("", username: alice) }
        #expect(throws: PasswordRejection.tooLong(maximum: 1_024)) {
            try rules.check(String(repeating: "x", count: 1_025), username: alice)
        }
        #expect(throws: PasswordRejection.tooLong(maximum: 1_024)) {
            try rules.check(String(repeating: "x", count: 1 << 20), username: alice)
        }
        #expect(try rules.check(String(repeating: "x", count: 1_024), username: alice).count == 1_024)
    }

    @Test func aPasswordEqualToTheUsernameIsRejected() throws {
        let long = try Username("alice.wonderland")
        #expect(throws: PasswordRejection.containsUsername) { try rules.check("Alice.Wonderland", username: long) }
    }

    @Test func theMinimumIsConfigurableButNeverBelowEight() throws {
        var policy = SecurityPolicy(minimumPasswordLength: 4)
        #expect(policy.minimumPasswordLength == 8)
        policy.minimumPasswordLength = 10
        #expect(throws: PasswordRejection.tooShort(minimum: 10)) {
            try PasswordRules(policy: policy).check("ninechars", username: alice)
        }
        #expect(try PasswordRules(policy: policy).check("tenchars!!", username: alice) == "tenchars!!")
    }
}
