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
}
