import Foundation
import Latchkey
import Synchronization
import Testing

/// The storage engine a test runs on. Suites marked `.onEveryEngine` run each test once per engine;
/// fixtures ask `TestEngine.current` for a fresh database.
enum TestEngine: String, Sendable, CaseIterable, CustomStringConvertible {
    case sqlite
    case postgresql

    /// The engine of the running test (SQLite unless a suite runs on every engine).
    @TaskLocal static var current: TestEngine = .sqlite

    var description: String { self == .sqlite ? "SQLite" : "PostgreSQL" }

    /// A fresh, empty database on this engine: in memory for SQLite, a new schema on the test server.
    func freshDatabase() throws -> DatabaseLocation {
        switch self {
        case .sqlite: return .inMemory
        case .postgresql: return try TestPostgres.shared.get().freshDatabase()
        }
    }

    /// The engines this machine can run; PostgreSQL's absence is said once, on stderr. With
    /// `LATCHKEY_TEST_ENGINES=sqlite` (a quick run: swift test has no tag filter to leave out the
    /// `.postgres` suites) the server is never started and SQLite alone is used.
    static var available: [TestEngine] {
        if let chosen = ProcessInfo.processInfo.environment["LATCHKEY_TEST_ENGINES"], !chosen.contains("postgresql") {
            announceSkip(TestPostgres.Unavailable(description: "LATCHKEY_TEST_ENGINES=\(chosen)", noBinaries: true))
            return [.sqlite]
        }
        switch TestPostgres.shared {
        case .success: return allCases
        case .failure(let reason) where reason.noBinaries:
            announceSkip(reason)
            return [.sqlite]
        case .failure:
            // Binaries but no server: a failure, reported by the PostgreSQL case itself.
            return allCases
        }
    }

    private static let skipAnnounced = Atomic<Bool>(false)

    private static func announceSkip(_ reason: TestPostgres.Unavailable) {
        guard !skipAnnounced.exchange(true, ordering: .relaxed) else { return }
        FileHandle.standardError.write(Data("SKIPPED: every PostgreSQL case of the engine suites: \(reason)\n".utf8))
    }
}

/// A fresh database on the running test's engine.
func freshDatabase(busyTimeout: Duration = SecurityPolicy().busyTimeout) throws -> DatabaseWorker {
    try DatabaseWorker(try TestEngine.current.freshDatabase(), busyTimeout: busyTimeout)
}

/// A database that threads and processes can race on: a file for SQLite (an in-memory database
/// lives in one connection), a fresh schema on the test server for PostgreSQL.
func racingDatabase(in folder: TemporaryFolder, busyTimeout: Duration = SecurityPolicy().busyTimeout) throws
    -> DatabaseWorker
{
    switch TestEngine.current {
    case .sqlite: try DatabaseWorker(.file(path: folder.file("race.sqlite3")), busyTimeout: busyTimeout)
    case .postgresql: try freshDatabase(busyTimeout: busyTimeout)
    }
}

/// Runs every test of a suite once per available engine, the second run's failures marked
/// "on PostgreSQL" (one source, both engines: no copied suites).
struct OnEveryEngine: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func scopeProvider(for test: Test, testCase: Test.Case?) -> OnEveryEngine? {
        testCase == nil ? nil : self
    }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        for engine in TestEngine.available {
            let marking = IssueHandlingTrait.compactMapIssues { issue in
                var issue = issue
                issue.comments.append("on \(engine)")
                return issue
            }
            try await TestEngine.$current.withValue(engine) {
                try await marking.provideScope(for: test, testCase: testCase) {
                    do {
                        try await function()
                    } catch {
                        throw EngineError(engine: engine, error: error)
                    }
                }
            }
        }
    }
}

/// An error a test threw, with the engine it ran on.
struct EngineError: Error, CustomStringConvertible {
    let engine: TestEngine
    let error: any Error
    var description: String { "on \(engine): \(error)" }
}

extension Trait where Self == OnEveryEngine {
    /// Each test of the suite runs on SQLite and on PostgreSQL.
    static var onEveryEngine: OnEveryEngine { OnEveryEngine() }
}

/// Every value of every table as text (bytes both as hex and as UTF-8), rows sorted, on either
/// engine: for checking that no secret is stored in clear anywhere, and that a copy is exact.
func dumpEveryTable(_ worker: DatabaseWorker) throws -> String {
    try worker.read { db in
        var text = ""
        for table in try Migrator.tables(db).sorted() where table != "latchkey_migrations" {
            let rows = try db.query("SELECT * FROM \(table)") { row in
                (0..<row.count).map { index in
                    switch row.value(at: index) {
                    case .null: "NULL"
                    case .integer(let value): "\(value)"
                    case .real(let value): "\(value)"
                    case .text(let value): value
                    case .blob(let bytes): Hex.encode(bytes) + " " + String(decoding: bytes, as: UTF8.self)
                    }
                }.joined(separator: " | ")
            }
            text += table + ":\n" + rows.sorted().joined(separator: "\n") + "\n"
        }
        return text
    }
}
