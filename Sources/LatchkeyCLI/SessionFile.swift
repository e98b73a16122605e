import Foundation
import Latchkey

// On Linux `stat` is declared by several C modules (glibc's, CoreFoundation's, Dispatch's) and which
// one the compiler credits varies from build to build: importing them all keeps its members visible.
#if os(Linux)
    import CDispatch
    import CoreFoundation
    import Glibc
#endif

/// The file that keeps the session token between two runs: 0600 in a private folder, replaced
/// atomically, never through a symbolic link, and read only as far as a token can reach.
struct SessionFile {
    let path: String

    private var folder: String { (path as NSString).deletingLastPathComponent }

    /// The saved token, or nil when there is no file. A file that cannot be read, or that holds
    /// anything but one token, is an error: it is kept, and nothing is signed out behind it.
    func read() throws(CLIError) -> SessionToken? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            if errno == ELOOP { throw notASessionFile("it is a symbolic link") }
            throw failure("read \(path)")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw notASessionFile("it is not a plain file")
        }
        // As ssh checks ~/.ssh: a session another user could have planted or changed is not used.
        guard status.st_uid == getuid() else { throw notASessionFile("it belongs to another user") }
        guard status.st_mode & 0o077 == 0 else {
            throw CLIError(
                message: "The session file \(path) is open to other users: run chmod 600 \(path)",
                exitCode: ExitStatus.storage)
        }
        try checkFolder()
        // A token and a line end, and one byte more to tell a longer file apart.
        let limit = SessionToken.textLength + 3
        var buffer = [UInt8](repeating: 0, count: limit)
        var filled = 0
        while filled < limit {
            let count = buffer[filled...].withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw failure("read \(path)") }
            if count == 0 { break }
            filled += count
        }
        var bytes = buffer[..<filled]
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        guard let token = SessionToken(String(decoding: bytes, as: UTF8.self)) else {
            throw notASessionFile("it does not hold a Latchkey session token")
        }
        return token
    }

    /// Writes `token` to an unnamed file in the same folder, syncs it, links it under a temporary
    /// name and renames it into place: a kill at any point leaves no readable copy of the token
    /// behind, but for the instant between the link and the rename (cleaned up on the next write).
    func write(_ token: SessionToken) throws(CLIError) {
        try prepareFolder()
        try refuseNonFile()
        removeStaleTemporaries()
        let bytes = Array((token.secret + "\n").utf8)
        var descriptor = open(folder, Self.temporaryFileFlag | O_WRONLY | O_CLOEXEC, 0o600)
        let temporary = folder + "/" + temporaryPrefix + Self.randomSuffix()
        if descriptor >= 0 {
            defer { close(descriptor) }
            try writeAll(bytes, to: descriptor)
            guard linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, temporary, AT_SYMLINK_FOLLOW) == 0 else {
                throw failure("write \(path)")
            }
        } else {
            // No O_TMPFILE on this file system: a named private file, removed below on failure.
            descriptor = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw failure("create a file in \(folder)") }
            defer { close(descriptor) }
            do throws(CLIError) { try writeAll(bytes, to: descriptor) } catch {
                unlink(temporary)
                throw error
            }
        }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw failure("write \(path)")
        }
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Removes the file; a missing file is fine.
    func remove() throws(CLIError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw failure("remove \(path)") }
    }

    private func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(CLIError) {
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count, fchmod(descriptor, 0o600) == 0, fsync(descriptor) == 0 else {
            throw failure("write \(path)")
        }
    }

    /// Creates the folder (0700), or checks the existing one.
    private func prepareFolder() throws(CLIError) {
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CLIError(
                message: "Cannot create the folder \(folder) for the session.", exitCode: ExitStatus.storage)
        }
        try checkFolder()
    }

    /// The folder must be this user's (or root's) and writable by no one else, as ssh's StrictModes
    /// asks of ~/.ssh: otherwise another user could swap the session file under us.
    private func checkFolder() throws(CLIError) {
        var status = stat()
        guard stat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw CLIError(message: "\(folder) is not a folder.", exitCode: ExitStatus.storage)
        }
        guard status.st_uid == getuid() || status.st_uid == 0 else {
            throw CLIError(
                message: "The session folder \(folder) belongs to another user: use a folder of your own "
                    + "(LATCHKEY_SESSION_FILE).", exitCode: ExitStatus.storage)
        }
        guard status.st_mode & 0o022 == 0 else {
            throw CLIError(
                message: "The session folder \(folder) is writable by other users: run chmod 700 \(folder)",
                exitCode: ExitStatus.storage)
        }
    }

    /// An existing path that is a link, a device or a folder is never replaced.
    private func refuseNonFile() throws(CLIError) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw notASessionFile("it is not a plain file, and is left as it is")
        }
    }

    /// Temporaries a killed login left between its link and its rename: only names this code makes,
    /// only this user's regular files, and only older than a few seconds (so a login running beside
    /// this one keeps its own). Other programs' files in the folder are never touched.
    private func removeStaleTemporaries() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        let now = time(nil)
        for name in names where isTemporaryName(name) {
            var status = stat()
            let stale = folder + "/" + name
            guard lstat(stale, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == getuid() else {
                continue
            }
            if now - status.st_mtim.tv_sec > 5 { unlink(stale) }
        }
    }

    /// ".session.tmp-" and 12 of `suffixCharacters`, for a session file named "session".
    private var temporaryPrefix: String { "." + (path as NSString).lastPathComponent + ".tmp-" }

    private func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix(temporaryPrefix) else { return false }
        let suffix = name.dropFirst(temporaryPrefix.count)
        return suffix.count == Self.suffixLength && suffix.allSatisfy(Self.suffixCharacters.contains)
    }

    /// Linux's `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`), a macro Swift does not import.
    private static let temporaryFileFlag: Int32 = 0o20_000_000 | O_DIRECTORY

    private static let suffixLength = 12
    private static let suffixCharacters = "abcdefghijklmnopqrstuvwxyz0123456789"

    private static func randomSuffix() -> String {
        String((0..<suffixLength).map { _ in suffixCharacters.randomElement()! })
    }

    private func notASessionFile(_ why: String) -> CLIError {
        CLIError(
            message: "\(path) is not a Latchkey session file (\(why)); remove it, or name another "
                + "with LATCHKEY_SESSION_FILE.", exitCode: ExitStatus.storage)
    }

    private func failure(_ action: String) -> CLIError {
        CLIError(
            message: "Cannot \(action) for the session: \(String(cString: strerror(errno))).",
            exitCode: ExitStatus.storage)
    }
}
