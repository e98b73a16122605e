import Foundation
import Synchronization
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// Several machines starting at once on a new database migrate it exactly once: on PostgreSQL by the
/// migrator's advisory lock, on a SQLite file by its write lock.
@Suite(.onEveryEngine, .tags(.postgres, .stress)) struct ConcurrentMigrationTests {
    @Test func sixWorkersOpeningOneNewDatabaseTogetherMigrateItOnce() throws {
        let folder = try TemporaryFolder()
        let location =
            TestEngine.current == .sqlite
            ? DatabaseLocation.file(path: folder.file("new.sqlite3")) : try TestEngine.current.freshDatabase()
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            do { _ = try DatabaseWorker(location) } catch { failures.add("\(error)") }
        }
        #expect(failures.all.isEmpty, "\(failures.all)")
        let worker = try DatabaseWorker(location)
        let versions = try worker.read { db in
            try db.query("SELECT version FROM latchkey_migrations ORDER BY version") { try $0.int64("version") }
        }
        #expect(versions == worker.dialect.migrations.map { Int64($0.version) })
    }
}
