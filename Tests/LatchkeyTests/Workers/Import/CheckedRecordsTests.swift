import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// The import's reading thread: every record in order, a file problem after good rows, and a
/// caller that stops early stops the thread.
@Suite struct CheckedRecordsTests {
    static let hash =
        "$6$AtDKkqqVzVMOLbix$dGcn9e9sJAtMAB.Jf0vE9gKclvRVmV0sO/vrt9GrK.ZHxtmXqf3kmYCfYEEi2cV1jT7QFTJAO.5Pmjq1Knk8f."
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// A CSV of `rows` accounts, then `tail`; its descriptor.
    private func file(rows: Int, tail: String = "") throws -> Int32 {
        let path = folder.path + "/\(UUID().uuidString).csv"
        let body = (0..<rows).map { "user\($0),\(Self.hash)\n" }.joined()
        try ("username,password_hash\n" + body + tail).write(toFile: path, atomically: true, encoding: .utf8)
        return open(path, O_RDONLY)
    }

    @Test func everyRecordArrivesOnceInOrderInBoundedBatches() throws {
        let descriptor = try file(rows: 5_000)
        defer { close(descriptor) }
        let records = CheckedRecords(try ImportReader(.csv, ImportBytes(descriptor: descriptor)), now: Date())
        defer { records.close() }
        var lines: [Int] = []
        while let batch = try records.next() {
            #expect(batch.items.count <= 1_024)
            for item in batch.items { lines.append(try item.get().line) }
        }
        #expect(lines == Array(2...5_001))
        #expect(try records.next() == nil)
    }

    @Test func aFileProblemAfterGoodRowsIsThrownWithItsLine() throws {
        let descriptor = try file(rows: 3_000, tail: String(repeating: "x", count: 70_000) + "\n")
        defer { close(descriptor) }
        let records = CheckedRecords(try ImportReader(.csv, ImportBytes(descriptor: descriptor)), now: Date())
        defer { records.close() }
        var rows = 0
        do {
            while let batch = try records.next() { rows += batch.items.count }
            Issue.record("the long line was not refused")
        } catch {
            #expect(error.line == 3_002, "\(error.message)")
        }
        // The batches before the one that met it came first; that one brings only the problem.
        #expect(rows == 2_048, "\(rows)")
    }

    @Test(.timeLimit(.minutes(1))) func closingAfterTheFirstBatchStopsTheReadingThread() throws {
        let descriptor = try file(rows: 50_000)
        defer { close(descriptor) }
        let records = CheckedRecords(
            try ImportReader(.csv, ImportBytes(descriptor: descriptor)), now: Date(), depth: 2)
        let first = try #require(try records.next())
        #expect(first.items.count == 1_024 && !first.last)
        // Returns only once the thread has stopped (it waits for room with two batches made); a
        // close that left it waiting would hang here past the time limit.
        records.close()
    }
}
