import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyCLI
@testable import LatchkeyTestSupport

/// The CLI's composition root opens the storage for one command on one thread.
@Suite struct CompositionRootTests {
    @Test("a command's SQLite file is read and written on one connection")
    func aCommandOpensOneConnection() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("cli.sqlite3")
        let root = CompositionRoot(database: path)
        let worker = try root.open(.file(path: path))
        try worker.write { db in
            try db.execute(
                "INSERT INTO users (username, password_hash, created_at, updated_at) VALUES ('alice', '$argon2id$x', 0, 0)"
            )
        }
        let count = try worker.read { db in try db.queryFirst("SELECT count(*) FROM users") { try $0.int64(at: 0) } }
        #expect(count == 1)
        #expect(worker.sqliteConnectionsOpened == 1)
    }
}
