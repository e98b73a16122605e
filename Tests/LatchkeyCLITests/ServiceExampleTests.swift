import Foundation
import Testing

@testable import LatchkeyTestSupport

/// The README's service example is the program `Tests/ServiceExample/main.swift`, built with the
/// package and run here, so the front door's code never rots.
@Suite(.tags(.binary)) struct ServiceExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The code block right after the `<!-- example: service -->` line.
    private func readmeBlock() throws -> String {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        let marker = try #require(lines.firstIndex(of: "<!-- example: service -->"), "no example marker")
        let open = try #require(lines[marker...].firstIndex { $0.hasPrefix("```swift") })
        let close = try #require(lines[(open + 1)...].firstIndex(of: "```"))
        return lines[(open + 1)..<close].joined(separator: "\n") + "\n"
    }

    @Test func theReadmesServiceExampleIsExactlyTheProgramTheTestsRun() throws {
        let program = try String(
            contentsOf: Self.root.appendingPathComponent("Tests/ServiceExample/main.swift"), encoding: .utf8)
        #expect(try readmeBlock() == program)
    }

    @Test func theServiceExampleRunsAndPrintsWhatItGot() throws {
        let binary = (CLIHarness.binary as NSString).deletingLastPathComponent + "/ServiceExample"
        // This process's environment: under AddressSanitizer it carries ASAN_OPTIONS (leak checks off).
        let result = try CLIHarness.run(binary, [], environment: ProcessInfo.processInfo.environment, stdin: nil)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                registered alice, user 1
                signed in: signed_in
                the token is alice's, roles: []
                admin: forbidden
                signed out of 1 session
                afterwards: not_signed_in

                """, "\(result.stderr)")
    }
}
