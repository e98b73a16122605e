import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

@Suite struct EmailAddressTests {
    @Test(arguments: ["alice@example.com", "a.b+tag@mail.example.co.uk", "ünïcödé@exämple.de", "x@y.z"])
    func wellFormedAddressesAreAccepted(_ input: String) throws {
        #expect(try EmailAddress(input).value == input)
    }

    @Test(arguments: [
        "", "alice", "@example.com", "alice@", "alice@example", "alice@@example.com", "a@b@example.com",
        "alice @example.com", "alice@exa mple.com", "alice@example.com\n", "alice\u{0}@example.com",
        "alice@.example.com", "alice@example.com.", "alice@example..com", "'; DROP TABLE users; --@x.y",
        String(repeating: "a", count: 250) + "@x.yz", HugeInput.marker(of: "a"),
    ])
    func malformedAddressesAreRejected(_ input: String) {
        #expect(throws: EmailAddress.Problem.self) { try EmailAddress(HugeInput.expand(input)) }
    }

    @Test func twoHundredFiftyFourBytesIsTheLongestAccepted() throws {
        let longest = String(repeating: "a", count: 254 - "@x.yz".count) + "@x.yz"
        #expect(try EmailAddress(longest).value.utf8.count == 254)
    }

    @Test(
        "two spellings of one address share one key: full case folding, NFC, and the domain's punycode",
        arguments: [
            ("strasse@example.com", "STRAẞE@example.com"), ("strasse@example.com", "Straße@example.com"),
            ("jos\u{E9}@example.com", "Jose\u{301}@example.com"), ("file@example.com", "\u{FB01}le@example.com"),
            ("\u{3C3}\u{3C3}@example.com", "\u{3A3}\u{3C2}@example.com"),
            ("alice@xn--bcher-kva.example", "alice@BÜCHER.example"),
            ("alice@xn--bcher-kva.example", "alice@bu\u{308}cher.example"),
            ("Alice@Example.COM", "alice@example.com"),
        ])
    func spellingsOfOneAddressShareAKey(_ first: String, _ second: String) throws {
        #expect(try EmailAddress(first).key == EmailAddress(second).key)
        // What the user typed is what is kept and shown.
        #expect(try EmailAddress(second).value == second)
    }

    @Test("the key is the folded local part at the domain's A-labels")
    func theKeyIsFoldedAndPunycoded() throws {
        #expect(try EmailAddress("Straße@Bücher.Example").key == "strasse@xn--bcher-kva.example")
        #expect(try EmailAddress("Alice+Tag@Example.COM").key == "alice+tag@example.com")
        // IDNA 2008 keeps ß in a domain (straße.de is its own domain), while the local part folds it.
        #expect(try EmailAddress("a@straße.de").key == "a@xn--strae-oqa.de")
    }
}
