import Foundation

// On Linux `stat` is declared by several C modules (glibc's, CoreFoundation's, Dispatch's) and which
// one the compiler credits varies from build to build: importing them all keeps its members visible.
#if os(Linux)
    import CDispatch
    import CoreFoundation
    import Glibc
#endif

/// Reads a secret key file, or creates it: written whole to a private temporary file, then linked
/// into place, so two processes starting at once agree on one key and none reads a half-written file.
enum KeyFile {
    /// The key in `path`; when there is no file, `make()`'s key (else `count` random bytes) written
    /// there, its folder created 0700.
    static func loadOrCreate(
        _ path: String, bytes count: Int, make: (() -> [UInt8])? = nil
    ) throws(InstallationSecretError) -> [UInt8] {
        if let key = try load(path, bytes: count) { return key }
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty && !FileManager.default.fileExists(atPath: folder) {
            try? FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        var template = Array(((folder.isEmpty ? "." : folder) + "/.latchkey-key-XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        defer { unlink(temporary) }
        let key = make?() ?? RandomBytes.make(count)
        let written = key.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fchmod(descriptor, 0o600) == 0 && fsync(descriptor) == 0
        close(descriptor)
        guard written == count, synced else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        if link(temporary, path) != 0 && errno != EEXIST {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        // Whoever linked first won; everyone uses that file's key.
        guard let stored = try load(path, bytes: count) else { throw .malformed(path: path) }
        return stored
    }

    /// The key in `path`, nil when there is no file; refuses anything but a private regular file.
    ///
    /// systemd's `LoadCredential` copy is the one exception: systemd grants the service's user
    /// read access by an ACL entry, which `stat` shows as the group's read bit (0440). That is
    /// accepted for a file directly in `$CREDENTIALS_DIRECTORY` (set by systemd for this service
    /// alone) while that folder grants others nothing and no one but its owner may write to it.
    static func load(
        _ path: String, bytes count: Int,
        credentialsDirectory: String? = ProcessInfo.processInfo.environment["CREDENTIALS_DIRECTORY"]
    ) throws(InstallationSecretError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            if errno == ELOOP { throw .unsafePermissions(path: path) }
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw .unsafePermissions(path: path)
        }
        let allowed: mode_t = isCredential(path, in: credentialsDirectory) ? 0o040 : 0
        guard status.st_mode & 0o077 & ~allowed == 0 else { throw .unsafePermissions(path: path) }
        var key = [UInt8](repeating: 0, count: count + 1)
        let read = key.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        guard read == count else { throw .malformed(path: path) }
        return Array(key.prefix(count))
    }

    /// Whether `path` lies directly in the credentials folder and that folder is closed to others.
    private static func isCredential(_ path: String, in directory: String?) -> Bool {
        guard let directory, directory.hasPrefix("/") else { return false }
        let folder = URL(fileURLWithPath: directory).standardizedFileURL.path
        guard URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path == folder else {
            return false
        }
        var status = stat()
        guard lstat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return false }
        return status.st_mode & 0o027 == 0
    }
}
