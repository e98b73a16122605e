import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// A worker for one command on one thread (the CLI) keeps a SQLite file to one connection; a
/// concurrent one (a server) keeps its reader connections.
@Suite struct WorkerUseTests {
    private static let insert =
        "INSERT INTO users (username, password_hash, created_at, updated_at) VALUES (?, '$argon2id$x', 0, 0)"

    private static func userCount(_ worker: DatabaseWorker) throws -> Int64? {
        try worker.read { db in try db.queryFirst("SELECT count(*) FROM users") { try $0.int64(at: 0) } }
    }

    @Test("a one-command worker reads and writes a file database on one connection")
    func aOneCommandWorkerOpensOneConnection() throws {
        let folder = try TemporaryFolder()
        let worker = try DatabaseWorker(.file(path: folder.file("one.sqlite3")), migrations: nil, use: .oneCommand)
        try worker.write { db in try db.execute(Self.insert, ["alice"]) }
        #expect(try Self.userCount(worker) == 1)
        let count = try worker.readStatement { db in
            try db.queryFirst("SELECT count(*) FROM sessions") { try $0.int64(at: 0) }
        }
        #expect(count == 0)
        #expect(worker.sqliteConnectionsOpened == 1)
    }

    @Test("a concurrent worker still reads a file database on a reader connection")
    func aConcurrentWorkerOpensAReader() throws {
        let folder = try TemporaryFolder()
        let worker = try DatabaseWorker(.file(path: folder.file("pool.sqlite3")))
        #expect(try Self.userCount(worker) == 0)
        #expect(worker.sqliteConnectionsOpened == 2)
    }

    @Test("a one-command worker's file keeps WAL, full sync and the safety settings")
    func aOneCommandWorkerKeepsTheSettings() throws {
        let folder = try TemporaryFolder()
        let worker = try DatabaseWorker(.file(path: folder.file("one.sqlite3")), migrations: nil, use: .oneCommand)
        let settings = try worker.read { db in
            [
                try db.queryFirst("PRAGMA journal_mode") { try $0.string(at: 0) },
                try db.queryFirst("PRAGMA synchronous") { String(try $0.int64(at: 0)) },
                try db.queryFirst("PRAGMA foreign_keys") { String(try $0.int64(at: 0)) },
                try db.queryFirst("PRAGMA secure_delete") { String(try $0.int64(at: 0)) },
            ]
        }
        #expect(settings == ["wal", "2", "1", "1"])
    }

    @Test("the database file alone holds every commit once a one-command worker is closed")
    func theFileAloneHoldsTheCommits() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("one.sqlite3")
        do {
            let worker = try DatabaseWorker(.file(path: path), migrations: nil, use: .oneCommand)
            try worker.write { db in try db.execute(Self.insert, ["alice"]) }
        }
        // A copy of the file without its log (a plain `cp` backup) is complete.
        let copy = folder.file("copy.sqlite3")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        #expect(!FileManager.default.fileExists(atPath: copy + "-wal"))
        let reopened = try DatabaseWorker(.file(path: copy), migrations: nil, use: .oneCommand)
        #expect(try Self.userCount(reopened) == 1)
    }

    @Test("each one-command worker sees what the ones before it and a concurrent one committed")
    func workersSeeEachOthersCommits() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("shared.sqlite3")
        let server = try DatabaseWorker(.file(path: path))
        for round in 1...3 {
            let command = try DatabaseWorker(.file(path: path), migrations: nil, use: .oneCommand)
            #expect(try Self.userCount(command) == Int64(2 * round - 2))
            try command.write { db in try db.execute(Self.insert, ["command\(round)"]) }
            #expect(try Self.userCount(server) == Int64(2 * round - 1))
            try server.write { db in try db.execute(Self.insert, ["server\(round)"]) }
        }
        let last = try DatabaseWorker(.file(path: path), migrations: nil, use: .oneCommand)
        #expect(try Self.userCount(last) == 6)
    }
}

/// On PostgreSQL a one-command worker is the same pool as any other.
@Suite(.onEveryEngine, .tags(.postgres)) struct WorkerUseEngineTests {
    @Test("a one-command worker reads what it wrote, on every engine")
    func aOneCommandWorkerReadsItsWrites() throws {
        let location = try TestEngine.current.freshDatabase()
        let worker = try DatabaseWorker(location, migrations: nil, use: .oneCommand)
        try worker.write { db in
            try db.execute(
                "INSERT INTO users (username, password_hash, created_at, updated_at) VALUES ('alice', '$argon2id$x', 0, 0)"
            )
        }
        let count = try worker.read { db in try db.queryFirst("SELECT count(*) FROM users") { try $0.int64(at: 0) } }
        #expect(count == 1)
        #expect((worker.sqliteConnectionsOpened == nil) == (TestEngine.current == .postgresql))
    }
}
