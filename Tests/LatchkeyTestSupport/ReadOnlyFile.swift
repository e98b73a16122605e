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
        let exit = try SpawnedProcess("/usr/bin/env", ["chattr", flag, path]).wait()
        guard exit.status == 0, !exit.signalled else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
    }
}
