import Foundation
import LatchkeyTestSupport
import Testing

/// The shipped `examples/latchkey-server.service`: systemd's own check accepts it, and its sandbox
/// is rated an exposure of at most 4.0 ("OK") by `systemd-analyze security`.
@Suite(.tags(.binary)) struct SystemdUnitTests {
    static let unit = ShippedExamples.folder.appendingPathComponent("latchkey-server.service")

    @Test("systemd-analyze verify accepts the unit, run on the latchkey-server this build made")
    func systemdAcceptsTheUnit() throws {
        // verify also checks that ExecStart's binary exists: a copy names the built one, which the
        // unit installs as /usr/local/bin/latchkey-server.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-unit-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let shipped = try String(contentsOf: Self.unit, encoding: .utf8)
        #expect(shipped.contains("ExecStart=/usr/local/bin/latchkey-server "))
        let copy = folder.appendingPathComponent("latchkey-server.service")
        try shipped.replacingOccurrences(of: "/usr/local/bin/latchkey-server", with: ServerProcessTests.binary)
            .write(to: copy, atomically: true, encoding: .utf8)
        let verified = try Self.systemdAnalyze(["verify", copy.path])
        #expect(verified.status == 0 && verified.printed.isEmpty, "\(verified.printed)")
    }

    @Test("systemd-analyze security rates the unit's exposure at most 4.0")
    func theSandboxIsRatedOK() throws {
        // --threshold takes tenths: above 4.0 it exits non-zero.
        let rated = try Self.systemdAnalyze(["security", "--offline=true", "--threshold=40", Self.unit.path])
        #expect(rated.status == 0, "\(rated.printed)")
        let overall = try #require(
            rated.printed.split(separator: "\n").first { $0.contains("Overall exposure level") }, "\(rated.printed)")
        let score = overall.split(separator: " ").compactMap { Double($0) }.first
        #expect(score.map { $0 <= 4.0 } == true, "\(overall)")
        #expect(overall.contains(" OK"))
    }

    /// Runs systemd-analyze (installed with systemd); its exit status and all it printed.
    static func systemdAnalyze(_ arguments: [String]) throws -> (status: Int32, printed: String) {
        guard
            let binary = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].first(
                where: FileManager.default.isExecutableFile)
        else {
            throw CocoaError(
                .fileNoSuchFile,
                userInfo: [NSLocalizedDescriptionKey: "systemd-analyze is not installed (apt-get install systemd)"])
        }
        let exit = try SpawnedProcess(binary, arguments).wait()
        return (exit.signalled ? 128 + exit.status : exit.status, exit.output + exit.errors)
    }
}
