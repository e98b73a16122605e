import Foundation
import Testing

@testable import LatchkeyTestSupport

/// The CLI's configuration through the built binary: `LATCHKEY_CONFIG` names a JSON file and
/// `LATCHKEY_POLICY_…` variables come before it; a refused one stops the command with one line, 78.
@Suite(.tags(.binary)) struct CLIConfigurationTests {
    let cli = CLIHarness()
    let password = "correct horse battery staple"

    private func config(_ text: String) throws -> String {
        let path = cli.home + "/latchkey.json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func theFilesPolicyRulesTheCommandAndAVariableComesBeforeIt() throws {
        let path = try config(#"{"policy": {"minimumPasswordLength": 40}}"#)
        let refused = try cli.run(
            ["register", "alice", "--password-stdin"], stdin: password + "\n",
            extraEnvironment: ["LATCHKEY_CONFIG": path])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("at least 40 characters"), "\(refused.stderr)")
        let allowed = try cli.run(
            ["register", "alice", "--password-stdin"], stdin: password + "\n",
            extraEnvironment: ["LATCHKEY_CONFIG": path, "LATCHKEY_POLICY_MINIMUM_PASSWORD_LENGTH": "20"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
    }

    @Test func aRefusedConfigurationIsOneLineAndExit78BeforeAnythingIsOpened() throws {
        let path = try config("{\n  \"policy\": {\"maximumFailedLogins\": 0}\n}\n")
        let result = try cli.run(["whoami"], extraEnvironment: ["LATCHKEY_CONFIG": path])
        #expect(result.status == 78)
        #expect(
            result.stderr
                == "latchkey: configuration refused: \(path):2: policy.maximumFailedLogins: 0 is outside 1...1000\n")
        let typo = try cli.run(["whoami"], extraEnvironment: ["LATCHKEY_POLICY_LOCKOUT": "1h"])
        #expect(typo.status == 78)
        #expect(typo.stderr.contains("LATCHKEY_POLICY_LOCKOUT: no setting has this name"), "\(typo.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.home + "/data/latchkey/latchkey.sqlite3"))
    }
}
