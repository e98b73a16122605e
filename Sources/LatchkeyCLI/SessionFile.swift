import Foundation
import Latchkey

/// The file that keeps the session token between two runs: 0600 in a 0700 folder, replaced atomically.
struct SessionFile {
    let path: String

    /// The token saved by the last login, or nil when there is none (or the file holds something else).
    func read() -> SessionToken? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return SessionToken(text)
    }

    /// Writes `token` to a private temporary file in the same folder, syncs it, then renames it into place.
    func write(_ token: SessionToken) throws {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CLIFailure(
                message: "Cannot create the folder \(folder) for the session.", exitCode: ExitStatus.storage)
        }
        var template = Array((folder + "/.session-XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw failure("create a file in \(folder)") }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        defer { unlink(temporary) }
        let bytes = Array((token.secret + "\n").utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        let synced = fchmod(descriptor, 0o600) == 0 && fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced, rename(temporary, path) == 0 else { throw failure("write \(path)") }
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Removes the file; a missing file is fine.
    func remove() throws {
        guard unlink(path) == 0 || errno == ENOENT else { throw failure("remove \(path)") }
    }

    private func failure(_ action: String) -> CLIFailure {
        CLIFailure(
            message: "Cannot \(action) for the session: \(String(cString: strerror(errno))).",
            exitCode: ExitStatus.storage)
    }
}
