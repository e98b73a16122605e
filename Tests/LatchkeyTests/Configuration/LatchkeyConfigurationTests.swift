import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyConfiguration
@testable import LatchkeyTestSupport

/// The CLI's and the server's configuration: a JSON file and `LATCHKEY_POLICY_…` variables, the
/// environment first; every value checked at start, never moved into range or ignored.
@Suite struct LatchkeyConfigurationTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    private func file(_ text: String) throws -> String {
        let path = folder.file("latchkey.json")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func refusal(file: String?, environment: [String: String] = [:]) -> ConfigurationError? {
        do {
            _ = try LatchkeyConfiguration(file: file, environment: environment)
            return nil
        } catch {
            return error
        }
    }

    @Test func noFileAndNoVariablesGiveTheDefaultPolicy() throws {
        let configuration = try LatchkeyConfiguration(file: nil, environment: ["LATCHKEY_DATABASE": "x"])
        #expect(configuration.policy == SecurityPolicy())
        #expect(configuration.describe().allSatisfy { $0.hasSuffix("(default)") })
    }

    @Test func aFileSetsNumbersDurationsAndTheHashingCost() throws {
        let path = try file(
            """
            {
              "policy": {
                "maximumFailedLogins": 3,
                "lockoutDuration": "1h",
                "sessionLifetime": 86400,
                "maximumAccessTokenLifetime": "never",
                "passwordHashing": {"memoryKibibytes": 65536, "iterations": 3},
                "totpIssuer": "Example Corp"
              }
            }
            """)
        let policy = try LatchkeyConfiguration(file: path, environment: [:]).policy
        #expect(policy.maximumFailedLogins == 3)
        #expect(policy.lockoutDuration == .seconds(3600))
        #expect(policy.sessionLifetime == .seconds(86400))
        #expect(policy.maximumAccessTokenLifetime == nil)
        #expect(policy.passwordHashing == Argon2Parameters(memoryBytes: 64 * 1024 * 1024, iterations: 3))
        #expect(policy.totpIssuer == "Example Corp")
        #expect(policy.minimumPasswordLength == SecurityPolicy().minimumPasswordLength)
    }

    @Test func theEnvironmentComesBeforeTheFileAndEachSaysWhereItsValueCameFrom() throws {
        let path = try file(#"{"policy": {"maximumFailedLogins": 3, "historyLimit": 50}}"#)
        let configuration = try LatchkeyConfiguration(
            file: path, environment: ["LATCHKEY_POLICY_MAXIMUM_FAILED_LOGINS": "7"])
        #expect(configuration.policy.maximumFailedLogins == 7)
        #expect(configuration.policy.historyLimit == 50)
        let lines = configuration.describe()
        #expect(lines.contains("policy.maximumFailedLogins = 7  (LATCHKEY_POLICY_MAXIMUM_FAILED_LOGINS)"))
        #expect(lines.contains("policy.historyLimit = 50  (\(path):1)"))
        #expect(lines.contains("policy.lockoutDuration = 15m  (default)"))
    }

    @Test func aValueOutOfItsBoundsIsRefusedWithItsKeyAndLineNotMovedIntoRange() throws {
        let path = try file("{\n  \"policy\": {\n    \"maximumFailedLogins\": 0\n  }\n}\n")
        let error = try #require(refusal(file: path))
        #expect(error.description == "\(path):3: policy.maximumFailedLogins: 0 is outside 1...1000")
        #expect(
            refusal(file: nil, environment: ["LATCHKEY_POLICY_LOCKOUT_DURATION": "20y"])?.description
                == "LATCHKEY_POLICY_LOCKOUT_DURATION: policy.lockoutDuration: \"20y\" is not a duration "
                + "(whole seconds, or a number and ms, s, m, h, d or w)")
        #expect(
            refusal(file: nil, environment: ["LATCHKEY_POLICY_BUSY_TIMEOUT": "20m"])?.problem
                == "20m is outside 1ms...10m")
    }

    @Test(arguments: [
        (#"{"policy": {"maximumFailedLogin": 5}}"#, "policy.maximumFailedLogin", "no setting has this name"),
        (
            #"{"polcy": {"maximumFailedLogins": 5}}"#, "polcy",
            "no section has this name (a file holds policy and server)"
        ),
        (#"{"policy": 5}"#, "policy", "no setting has this name"),
        (
            #"{"policy": {"maximumFailedLogins": [5]}}"#, "policy.maximumFailedLogins",
            "must be a whole number or a string"
        ),
        (
            #"{"policy": {"maximumFailedLogins": 5.5}}"#, "policy.maximumFailedLogins",
            "must be a whole number or a string"
        ),
        (
            #"{"policy": {"maximumFailedLogins": true}}"#, "policy.maximumFailedLogins",
            "must be a whole number or a string"
        ),
        (
            #"{"policy": {"maximumFailedLogins": "five"}}"#, "policy.maximumFailedLogins",
            #""five" is not a whole number"#
        ),
        (#"{"policy": {"totpIssuer": ""}}"#, "policy.totpIssuer", "must be one line of 1 to 64 characters"),
        (#"["policy"]"#, "(file)", "must hold one JSON object"),
        ("{policy: 5}", "(file)", "is not JSON"),
    ])
    func aTypoAWrongTypeOrABrokenFileIsRefused(text: String, key: String, problem: String) throws {
        let error = try #require(refusal(file: try file(text)))
        #expect(error.key == key && error.problem == problem, "\(error)")
    }

    @Test func anUnknownPolicyVariableIsATypoAndOtherLatchkeyVariablesAreNotPolicy() {
        let error = refusal(file: nil, environment: ["LATCHKEY_POLICY_MAX_FAILED_LOGINS": "5"])
        #expect(error?.key == "LATCHKEY_POLICY_MAX_FAILED_LOGINS" && error?.problem == "no setting has this name")
        #expect(refusal(file: nil, environment: ["LATCHKEY_TOKEN": "lkp_x", "LATCHKEY_CONFIG": ""]) == nil)
    }

    @Test func aMissingFileIsRefused() {
        #expect(refusal(file: folder.file("absent.json"))?.problem == "cannot be read")
    }

    @Test func everyPolicyNumberHasAKeyAndItsVariable() {
        #expect(
            LatchkeyConfiguration.variable(for: "policy.maximumFailedLoginsPerAddress")
                == "LATCHKEY_POLICY_MAXIMUM_FAILED_LOGINS_PER_ADDRESS")
        #expect(
            LatchkeyConfiguration.variable(for: "policy.passwordHashing.memoryKibibytes")
                == "LATCHKEY_POLICY_PASSWORD_HASHING_MEMORY_KIBIBYTES")
        // Every stored property of the policy (a wrapped one is stored as `_name`) has a key: a new
        // number cannot be added without one.
        let properties = Set(
            Mirror(reflecting: SecurityPolicy()).children.compactMap { $0.label }.map {
                $0.hasPrefix("_") ? String($0.dropFirst()) : $0
            })
        let named = Set(PolicySetting.all.map { String($0.name.split(separator: ".")[0]) })
        #expect(properties == named)
        #expect(Set(PolicySetting.all.map(\.key)).count == PolicySetting.all.count)
    }
}
