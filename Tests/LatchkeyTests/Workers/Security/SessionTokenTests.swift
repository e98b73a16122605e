import Foundation
import Testing

@testable import Latchkey

@Suite struct SessionTokenTests {
    @Test func aTokenIsThePrefixAndFortyThreeBase64URLCharacters() {
        let token = RandomSessionTokens().makeToken()
        #expect(token.secret.hasPrefix("lk_"))
        #expect(token.secret.count == 46)
        #expect(SessionToken(token.secret) == token)
    }

    @Test func tokensDoNotRepeat() {
        let tokens = Set((0..<1_000).map { _ in RandomSessionTokens().makeToken() })
        #expect(tokens.count == 1_000)
    }

    @Test func theStoredHashIsTheSHA256OfTheToken() {
        let token = RandomSessionTokens().makeToken()
        #expect(token.hash == SHA256Digest.hash(Array(token.secret.utf8)))
        #expect(token.hash.count == 32)
    }

    @Test func aTokenNeverPrintsItsSecret() {
        let token = RandomSessionTokens().makeToken()
        #expect(!"\(token)".contains(token.secret.dropFirst(3)))
        #expect(!String(reflecting: token).contains(token.secret.dropFirst(3)))
    }

    @Test(arguments: [
        "", "lk_", "xx_" + String(repeating: "a", count: 43), "lk_" + String(repeating: "a", count: 42),
        "lk_" + String(repeating: "a", count: 44), "lk_" + String(repeating: "a", count: 42) + "=",
        "lk_" + String(repeating: "a", count: 42) + "\u{0}", "lk_" + String(repeating: "é", count: 43),
    ])
    func textOfAnyOtherShapeIsNotAToken(_ text: String) {
        #expect(SessionToken(text) == nil)
    }

    @Test func sha256MatchesTheStandardTestVector() {
        let digest = SHA256Digest.hash(Array("abc".utf8)).map { String(format: "%02x", $0) }.joined()
        #expect(digest == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
