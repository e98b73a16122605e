import Foundation
import LatchkeyTestSupport
import Testing

/// The shipped `examples/mod_auth_openidc.conf` as Apache itself reads it.
@Suite(.tags(.binary)) struct ShippedApacheTests {
    @Test("Apache's own check accepts the shipped mod_auth_openidc.conf as it is")
    func apacheAcceptsTheShippedFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-apache-\(UUID())")
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        defer { try? FileManager.default.removeItem(at: folder) }
        let checked = try ShippedApache(folder: folder).check(ShippedApache.Settings())
        #expect(checked.status == 0, "\(checked.output)")
        #expect(checked.output.contains("Syntax OK"), "\(checked.output)")
    }
}
