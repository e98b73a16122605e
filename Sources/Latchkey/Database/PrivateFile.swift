import Foundation

// On Linux `stat` is declared by several C modules (glibc's, CoreFoundation's, Dispatch's) and which
// one the compiler credits varies from build to build: importing them all keeps its members visible.
#if os(Linux)
    import CDispatch
    import CoreFoundation
    import Glibc
#endif

/// Creates a database file's missing folders (0700) and the file itself (0600) before SQLite opens it,
/// because SQLite would create the file world-readable (0644 less the umask); and refuses an existing
/// file that other users may read or write, or that is not a plain file.
enum PrivateFile {
    static func prepare(_ path: String) throws(DatabaseError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            try createFolders(folder, for: path)
        } else if !isFolder.boolValue {
            throw .cannotCreate(path: path, reason: "\(folder) is not a folder")
        }
        // Follows a symbolic link on purpose (a database may live elsewhere), so that a missing
        // target is created here, 0600, and not later by SQLite with the umask's mode.
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else {
            if errno == EACCES || errno == EROFS || errno == EPERM { throw .readOnly(path: path) }
            throw .cannotCreate(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .cannotCreate(path: path, reason: String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .cannotCreate(path: path, reason: "it is not a file") }
        // Only a database is judged by its mode: any other file is left for SQLite to call "not a database".
        let mode = Int(status.st_mode & 0o777)
        guard mode & 0o077 == 0 || !isSQLite(descriptor) else { throw .unsafePermissions(path: path, mode: mode) }
    }

    /// True when the file starts with SQLite's 16-byte header.
    private static func isSQLite(_ descriptor: Int32) -> Bool {
        var header = [UInt8](repeating: 0, count: 16)
        let count = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 16, 0) }
        return count == 16 && header == Array("SQLite format 3\0".utf8)
    }

    /// mkdir -p, each new folder 0700.
    private static func createFolders(_ folder: String, for path: String) throws(DatabaseError) {
        var current = folder.hasPrefix("/") ? "" : "."
        for component in folder.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o700) != 0 && errno != EEXIST {
                throw .cannotCreate(path: path, reason: "\(current): \(String(cString: strerror(errno)))")
            }
        }
    }
}
