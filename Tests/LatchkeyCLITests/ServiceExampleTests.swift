import Foundation
import Testing

@testable import LatchkeyTestSupport

/// The README's service example is the program `Tests/ServiceExample/main.swift`, built with the
/// package and run here, so the front door's code never rots.
@Suite(.tags(.binary)) struct ServiceExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The `count` Swift code blocks after the `<!-- example: name -->` line.
    private func readmeBlocks(_ name: String, count: Int = 1) throws -> [String] {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        var start = try #require(lines.firstIndex(of: "<!-- example: \(name) -->"), "no example marker")
        var blocks: [String] = []
        for _ in 0..<count {
            let open = try #require(lines[start...].firstIndex { $0.hasPrefix("```swift") })
            let close = try #require(lines[(open + 1)...].firstIndex(of: "```"))
            blocks.append(lines[(open + 1)..<close].joined(separator: "\n") + "\n")
            start = close + 1
        }
        return blocks
    }

    private func file(_ path: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theReadmesServiceExampleIsExactlyTheProgramTheTestsRun() throws {
        #expect(try readmeBlocks("service") == [try file("Tests/ServiceExample/main.swift")])
    }

    /// CI builds examples/hummingbird-app and signs in to it (.ci/hummingbird-example).
    @Test func theReadmesHummingbirdExampleIsExactlyThePackageCIBuildsAndRuns() throws {
        let shipped = [
            try file("examples/hummingbird-app/Package.swift"),
            try file("examples/hummingbird-app/Sources/App/main.swift"),
        ]
        #expect(try readmeBlocks("hummingbird", count: 2) == shipped)
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
