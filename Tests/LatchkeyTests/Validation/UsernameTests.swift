import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

@Suite struct UsernameTests {
    @Test(arguments: [
        ("alice", "alice"), ("Alice", "alice"), ("BOB.SMITH", "bob.smith"), ("a_b-c.d", "a_b-c.d"), ("007", "007"),
        ("abc", "abc"), (String(repeating: "z", count: 32), String(repeating: "z", count: 32)),
    ])
    func validNamesAreAcceptedAndLowerCased(_ input: String, _ normalized: String) throws {
        #expect(try Username(input).value == normalized)
    }

    @Test(arguments: [
        ("ab", Username.Problem.tooShort), ("", .tooShort), (String(repeating: "z", count: 33), .tooLong),
        (HugeInput.marker(of: "z"), .tooLong), ("_alice", .mustStartWithLetterOrDigit),
        (".alice", .mustStartWithLetterOrDigit), ("-alice", .mustStartWithLetterOrDigit),
        ("al ice", .invalidCharacters), ("alice\u{0}", .invalidCharacters), ("älice", .invalidCharacters),
        ("ÄLICE", .invalidCharacters), ("alice'--", .invalidCharacters), ("a;drop", .invalidCharacters),
        ("ａｌｉｃｅ", .invalidCharacters), ("alice@example.com", .invalidCharacters), ("İstanbul", .invalidCharacters),
    ])
    func invalidNamesAreRejectedWithTheReason(_ input: String, _ problem: Username.Problem) {
        #expect(throws: problem) { try Username(HugeInput.expand(input)) }
    }
}
