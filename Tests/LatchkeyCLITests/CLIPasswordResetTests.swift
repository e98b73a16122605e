import Foundation
import Testing

@testable import LatchkeyTestSupport

/// `latchkey admin reset-code` and `latchkey reset-password` through the built binary.
@Suite(.tags(.binary)) struct CLIPasswordResetTests {
    let cli = CLIHarness()
    let newPassword = "a brand new passphrase"

    private func issueCode(_ user: String = "alice") throws -> String {
        let issued = try cli.run(["admin", "reset-code", user])
        #expect(issued.status == 0, "\(issued.stderr)")
        return issued.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func anOperatorsCodeSetsANewPasswordOnceAndSignsEverySessionOut() throws {
        try cli.registerAndLogin()
        let json = try cli.run(["admin", "reset-code", "alice", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["expires"] as? String)?.hasSuffix("Z") == true)
        let code = try issueCode()
        #expect(code.wholeMatch(of: /[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}/) != nil, "\(code)")
        // The newer code replaced the one printed as JSON.
        let stale = try cli.run(
            ["reset-password", "alice", "--stdin"], stdin: "\(object["code"] as? String ?? "")\n\(newPassword)\n")
        #expect(stale.status == 1)
        #expect(stale.stderr == "latchkey: Invalid or expired reset code.\n")

        let reset = try cli.run(
            ["reset-password", "alice", "--stdin"], stdin: "\(code.lowercased())\n\(newPassword)\n")
        #expect(reset.status == 0, "\(reset.stderr)")
        #expect(reset.stderr.contains("1 session(s) were signed out"))
        #expect(try cli.run(["whoami"]).status == 1)
        #expect(try cli.run(["login", "alice", "--password-stdin"], stdin: CLIHarness.password + "\n").status == 1)
        #expect(try cli.run(["login", "alice", "--password-stdin"], stdin: newPassword + "\n").status == 0)

        let again = try cli.run(["reset-password", "alice", "--stdin"], stdin: "\(code)\nyet another passphrase\n")
        #expect(again.status == 1, "a used code worked twice")
        let history = try cli.run(["history"]).stdout
        #expect(history.contains("Password reset code made (by administrator "))
        #expect(history.contains("Password reset with a code"))
        #expect(!history.contains(code))
    }

    @Test func badInputGetsOneLineAndItsExitCode() throws {
        try cli.registerAndLogin()
        try cli.registerAndLogin("bob")
        #expect(try cli.run(["admin", "disable", "bob"]).status == 0)
        let code = try issueCode()
        let cases: [([String], String?, Int32, String)] = [
            (["admin", "reset-code", "nobody"], nil, 65, "latchkey: No such user.\n"),
            (
                ["admin", "reset-code", "bob"], nil, 65,
                "latchkey: bob is disabled: enable the account before giving it a reset code.\n"
            ),
            (
                ["reset-password", "alice", "--stdin"], "", 64,
                "latchkey: No reset code on standard input: --stdin reads it as one line.\n"
            ),
            (["reset-password", "alice", "--stdin"], "\(code)\nshort\n", 65, ""),
            (
                ["reset-password", "nobody", "--stdin"], "\(code)\n\(newPassword)\n", 1,
                "latchkey: Invalid or expired reset code.\n"
            ),
            (
                ["reset-password", "bob", "--stdin"], "\(code)\n\(newPassword)\n", 1,
                "latchkey: Invalid or expired reset code.\n"
            ),
            (
                ["reset-password", "alice", "--stdin"], "\u{1b}[2J\n\(newPassword)\n", 1,
                "latchkey: Invalid or expired reset code.\n"
            ),
            (["reset-password", "alice"], "", 64, ""),
        ]
        for (arguments, stdin, status, message) in cases {
            let result = try cli.run(arguments, stdin: stdin)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.errorLines.count == 1, "\(arguments): \(result.stderr)")
            if !message.isEmpty { #expect(result.stderr == message, "\(arguments)") }
        }
        // A weak password leaves the code for a better one.
        let reset = try cli.run(["reset-password", "alice", "--stdin"], stdin: "\(code)\n\(newPassword)\n")
        #expect(reset.status == 0, "\(reset.stderr)")
    }

    @Test func wrongCodesLockTheNameAndOnlyACompletedResetEndsTheLock() throws {
        try cli.registerAndLogin()
        let code = try issueCode()
        var statuses: [Int32] = []
        for _ in 0..<6 {
            statuses.append(
                try cli.run(["reset-password", "alice", "--stdin"], stdin: "AAAA-AAAA\n\(newPassword)\n").status)
        }
        #expect(statuses == Array(repeating: 1, count: 6))
        let locked = try cli.run(["reset-password", "alice", "--stdin"], stdin: "\(code)\n\(newPassword)\n")
        #expect(locked.stderr == "latchkey: Too many attempts. Try again later.\n")
        #expect(try cli.run(["login", "alice", "--password-stdin"], stdin: CLIHarness.password + "\n").status == 1)
        // An operator's unlock and a fresh code finish it.
        #expect(try cli.run(["admin", "unlock", "alice"]).status == 0)
        let fresh = try issueCode()
        #expect(try cli.run(["reset-password", "alice", "--stdin"], stdin: "\(fresh)\n\(newPassword)\n").status == 0)
        #expect(try cli.run(["login", "alice", "--password-stdin"], stdin: newPassword + "\n").status == 0)
    }

    @Test func eightProcessesCompletingOneCodeLeaveExactlyOneWinner() throws {
        try cli.registerAndLogin()
        for round in 0..<3 {
            let code = try issueCode()
            let results = try cli.runTogether(
                (0..<8).map {
                    (["reset-password", "alice", "--stdin"], "\(code)\nround \(round) contender \($0)\n", [:])
                }
            )
            #expect(results.allSatisfy { !$0.signalled })
            let winners = results.indices.filter { results[$0].status == 0 }
            try #require(winners.count == 1, "\(results.map(\.stderr))")
            #expect(results.filter { $0.status != 0 }.allSatisfy { $0.status == 1 })
            let winner = "round \(round) contender \(winners[0])"
            // The losers' used code counts as failed guesses, and may lock the name: that is the
            // throttle's business, not this race's.
            #expect(try cli.run(["admin", "unlock", "alice"]).status == 0)
            #expect(try cli.run(["login", "alice", "--password-stdin"], stdin: winner + "\n").status == 0)
        }
    }
}
