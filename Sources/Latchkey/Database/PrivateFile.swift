import Foundation

/// Creates a database file's missing folders (0700) and the file itself (0600) before SQLite opens it,
/// because SQLite would create the file world-readable (0644 less the umask).
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
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
        } else if errno != EEXIST {
            throw .cannotCreate(path: path, reason: String(cString: strerror(errno)))
        }
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
