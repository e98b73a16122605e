import Foundation
import Testing

@testable import LatchkeyTestSupport

/// The three races of issue 9, with real processes on one database file.
@Suite(.tags(.binary, .stress)) struct CLIRaceTests {
    let cli = CLIHarness()
    let password = CLIHarness.password

    private func verifiedFailures() throws -> Int {
        try cli.query("SELECT count(*) FROM auth_events WHERE reason = 'bad_credentials'").first.flatMap { Int($0) }
            ?? -1
    }

    @Test(arguments: ["alice", "nobody-by-this-name"])
    func eightProcessesGuessingTwelveTimesEachVerifyAtMostFivePasswords(_ name: String) throws {
        try cli.run(["register", "alice", "--password-stdin"], stdin: password + "\n")
        for _ in 0..<12 {
            let results = try cli.runTogether(
                Array(repeating: (["login", name, "--password-stdin"], "a wrong guess, long enough\n", [:]), count: 8))
            #expect(results.allSatisfy { $0.status == 1 && !$0.signalled })
        }
        let verified = try verifiedFailures()
        #expect(verified <= 5, "\(verified) passwords verified")
        let right = try cli.run(["login", "alice", "--password-stdin"], stdin: password + "\n")
        if name == "alice" { #expect(right.status == 1, "the lock must hold for the right password") }
    }

    @Test func aSignInRacingAPasswordChangeNeverKeepsASessionOfTheOldPassword() throws {
        try cli.registerAndLogin()
        for trial in 0..<10 {
            let old = trial == 0 ? password : "round \(trial - 1) passphrase"
            let results = try cli.runTogether([
                (["login", "alice", "--password-stdin"], old + "\n", cli.sessionFile("racer")),
                (["passwd", "--password-stdin"], old + "\nround \(trial) passphrase\n", [:]),
            ])
            #expect(results[1].status == 0, "passwd failed: \(results[1].stderr)")
            let racer = try cli.run(["whoami"], extraEnvironment: cli.sessionFile("racer"))
            #expect(racer.status != 0, "a session signed in with the old password survived (trial \(trial))")
        }
    }

    @Test func twoPasswordChangesAtOnceLeaveOneWinnerAndOneWrongCurrentPassword() throws {
        try cli.registerAndLogin()
        for trial in 0..<5 {
            let current = trial == 0 ? password : "winner of round \(trial - 1)"
            let results = try cli.runTogether([
                (["passwd", "--password-stdin"], current + "\nfirst contender \(trial) passphrase\n", [:]),
                (["passwd", "--password-stdin"], current + "\nsecond contender \(trial) passphrase\n", [:]),
            ])
            #expect(results.map(\.status).sorted() == [0, 1], "\(results.map(\.stderr))")
            let winner = results[0].status == 0 ? "first" : "second"
            let loser = results[0].status == 0 ? "second" : "first"
            let ok = try cli.run(
                ["passwd", "--password-stdin"],
                stdin: "\(winner) contender \(trial) passphrase\nwinner of round \(trial)\n")
            #expect(ok.status == 0, "the winner's password does not work")
            let refused = try cli.run(
                ["login", "alice", "--password-stdin"], stdin: "\(loser) contender \(trial) passphrase\n",
                extraEnvironment: cli.sessionFile("loser"))
            #expect(refused.status == 1, "the loser's password works too")
        }
    }
}
