import CRawSQLite
import Foundation
import Latchkey

/// A database of `users` users with one session each, in a temporary folder, made fast: the
/// schema by Latchkey's own migrations, the rows by the raw C API in one transaction, every user
/// with the same precomputed Argon2id hash of `password`.
struct Population {
    static let password = "correct horse battery staple"
    let folder: String
    let path: String
    let users: Int

    init(users: Int, hash: String) throws {
        var template = Array((NSTemporaryDirectory() + "/latchkey-bench-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        folder = String(cString: made)
        path = folder + "/bench.sqlite3"
        self.users = users
        _ = try DatabaseWorker(.file(path: path))
        let now = Int64(Date().timeIntervalSince1970)
        guard raw_populate(path, Int64(users), hash, now) == SQLITE_OK else { throw CocoaError(.fileWriteUnknown) }
    }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }

    /// The token text of user `index` (1-based).
    static func token(_ index: Int) -> String {
        var buffer = [CChar](repeating: 0, count: 47)
        raw_token_text(Int64(index), &buffer)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Bytes of the database file per user.
    var bytesPerUser: Double {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.doubleValue ?? 0
        return size / Double(users)
    }
}
