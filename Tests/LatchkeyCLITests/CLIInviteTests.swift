import Foundation
import Testing

@testable import LatchkeyTestSupport

/// `latchkey admin invite` through the built binary.
@Suite(.tags(.binary)) struct CLIInviteTests {
    let cli = CLIHarness()

    @Test("The code is printed once, alone on standard output as text, or in the JSON object")
    func theCodeIsPrintedOnce() throws {
        let text = try cli.run(["admin", "invite", "--role", "editor", "--expires-in", "2d"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.wholeMatch(of: /lki_[0-9A-Za-z]{36}\n/) != nil, "\(text.stdout)")
        #expect(text.stderr.contains("with the roles editor, valid until"))
        let json = try cli.run(["admin", "invite", "--email", "Ann@Example.com", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["code"] as? String)?.hasPrefix("lki_") == true)
        #expect((object["expires"] as? String)?.hasSuffix("Z") == true)
        #expect(object["roles"] as? [String] == [])
        #expect(object["email"] as? String == "Ann@Example.com")
    }

    @Test("Bad input gets one line and its exit code, and issues nothing")
    func badInputGetsOneLine() throws {
        let cases: [([String], Int32, String)] = [
            (["--expires-in", "31d"], 65, "latchkey: An invitation lasts from 1 minute to 30 days.\n"),
            (["--role", "Bad Role!"], 65, "latchkey: Invalid role name: Bad Role!.\n"),
            (["--email", "nope"], 65, ""),
        ]
        for (arguments, status, stderr) in cases {
            let result = try cli.run(["admin", "invite"] + arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
            if !stderr.isEmpty { #expect(result.stderr == stderr) }
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
        let never = try cli.run(["admin", "invite", "--expires-in", "never"])
        #expect(never.status == 64)
        #expect(never.stdout.isEmpty)
    }
}
