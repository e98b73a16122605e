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
    static func load(_ path: String, bytes count: Int) throws(InstallationSecretError) -> [UInt8]? {
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
        guard status.st_mode & 0o077 == 0 else { throw .unsafePermissions(path: path) }
        var key = [UInt8](repeating: 0, count: count + 1)
        let read = key.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        guard read == count else { throw .malformed(path: path) }
        return Array(key.prefix(count))
    }
}
