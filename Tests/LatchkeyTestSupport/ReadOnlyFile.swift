import Foundation

/// Makes a file unwritable for this process: mode 0400, and for root (whom modes do not stop)
/// the immutable attribute through `chattr +i`.
struct ReadOnlyFile {
    let path: String

    init(_ path: String) throws {
        self.path = path
        chmod(path, 0o400)
        if getuid() == 0 { try Self.chattr("+i", path) }
    }

    func restore() {
        if getuid() == 0 { try? Self.chattr("-i", path) }
        chmod(path, 0o600)
    }

    private static func chattr(_ flag: String, _ path: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["chattr", flag, path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
    }
}
