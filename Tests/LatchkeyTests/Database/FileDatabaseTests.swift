import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

@Suite struct FileDatabaseTests {
    @Test func aNewFileAndItsFoldersAreCreatedPrivate() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("a/b/latchkey.sqlite3")
        _ = try DatabaseWorker(.file(path: path))
        #expect(try permissions(of: path) == 0o600)
        #expect(try permissions(of: folder.file("a")) == 0o700)
        #expect(try permissions(of: folder.file("a/b")) == 0o700)
    }

    @Test func theWriteAheadLogIsCreatedPrivateToo() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("latchkey.sqlite3")
        let worker = try DatabaseWorker(.file(path: path))
        try worker.write { db in try db.execute("CREATE TABLE t (x INTEGER) STRICT") }
        #expect(try permissions(of: path + "-wal") == 0o600)
    }

    @Test func fileConnectionsUseWALFullSyncForeignKeysAndSecureDelete() throws {
        let folder = try TemporaryFolder()
        let worker = try DatabaseWorker(.file(path: folder.file("latchkey.sqlite3")))
        let settings = try worker.read { db in
            [
                try db.queryFirst("PRAGMA journal_mode") { try $0.string(at: 0) },
                try db.queryFirst("PRAGMA synchronous") { String(try $0.int64(at: 0)) },
                try db.queryFirst("PRAGMA foreign_keys") { String(try $0.int64(at: 0)) },
                try db.queryFirst("PRAGMA secure_delete") { String(try $0.int64(at: 0)) },
                try db.queryFirst("PRAGMA busy_timeout") { String(try $0.int64(at: 0)) },
            ]
        }
        // synchronous 2 is FULL.
        #expect(settings == ["wal", "2", "1", "1", "5000"])
    }

    @Test func inMemoryConnectionsHaveForeignKeysAndSecureDeleteToo() throws {
        let worker = try DatabaseWorker(.inMemory)
        let settings = try worker.read { db in
            [
                try db.queryFirst("PRAGMA foreign_keys") { try $0.int64(at: 0) },
                try db.queryFirst("PRAGMA secure_delete") { try $0.int64(at: 0) },
            ]
        }
        #expect(settings == [1, 1])
    }

    @Test func aReadOnlyFileIsRefusedWithAClearErrorAndLeftUnchanged() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("latchkey.sqlite3")
        _ = try DatabaseWorker(.file(path: path))
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let readOnly = try ReadOnlyFile(path)
        defer { readOnly.restore() }
        #expect(throws: DatabaseError.readOnly(path: path)) { _ = try DatabaseWorker(.file(path: path)) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aFileThatIsNotADatabaseIsRefusedAndLeftUnchanged() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("notes.txt")
        let text = Data(String(repeating: "not a database, just text\n", count: 100).utf8)
        try text.write(to: URL(fileURLWithPath: path))
        do {
            _ = try DatabaseWorker(.file(path: path))
            Issue.record("a text file opened as a database")
        } catch {
            #expect(error.sqliteCode?.primary == .notADatabase)  // SQLITE_NOTADB
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == text)
    }
}
