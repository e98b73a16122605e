import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// `checkReady`, behind a server's `/ready`: the database answers and holds this build's schema.
@Suite struct ServiceReadinessTests {
    @Test func aDatabaseAtThisBuildsSchemaIsReady() async throws {
        let service = LatchkeyService(workers: try Seeds.workers())
        try await service.checkReady()
    }

    @Test func aDatabaseANewerVersionMigratedWhileThisOneRanIsNotReady() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("ready.sqlite3")
        let service = LatchkeyService(workers: LatchkeyWorkers(database: try DatabaseWorker(.file(path: path))))
        try await service.checkReady()
        let shipped = SQLDialect.sqlite.migrations
        let newer = Migration(
            version: (shipped.map(\.version).max() ?? 0) + 1, name: "from_the_future",
            sql: "CREATE TABLE later (id INTEGER)")
        _ = try DatabaseWorker(.file(path: path), migrations: shipped + [newer])
        #expect(await errorCode { try await service.checkReady() } == .storage)
    }
}
