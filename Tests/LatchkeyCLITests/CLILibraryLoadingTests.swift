import Foundation
import Testing

@testable import LatchkeyTestSupport

/// libpq and its 22 libraries are loaded only when a PostgreSQL URL is used: a SQLite run pays nothing.
@Suite(.tags(.binary)) struct CLILibraryLoadingTests {
    @Test func aSQLiteRunNeverLoadsLibpq() throws {
        let cli = CLIHarness()
        let linked = try CLIHarness.run(
            "/usr/bin/ldd", [CLIHarness.binary], environment: ProcessInfo.processInfo.environment, stdin: nil)
        #expect(linked.status == 0)
        #expect(!linked.stdout.contains("libpq"))
        // The dynamic loader's own log of what a whoami on SQLite loads.
        let run = try cli.run(["whoami"], extraEnvironment: ["LD_DEBUG": "files"])
        #expect(run.stderr.contains("libsqlite3"))
        #expect(!run.stderr.contains("libpq"))
    }
}
