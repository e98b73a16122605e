import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// Rows are read by column name, found from where the last name was: any order finds the same columns.
@Suite(.onEveryEngine, .tags(.postgres)) struct ColumnNamesTests {
    @Test("columns are found by name in any order, the later of two with one name winning")
    func columnsAreFoundByNameInAnyOrder() throws {
        let worker = try DatabaseWorker(TestEngine.current.freshDatabase())
        let sql = "SELECT 1 AS a, 2 AS b, 3 AS a, 'x' AS a_name_longer_than_fifteen_bytes, 5 AS c"
        for _ in 0..<3 {
            let values = try worker.read { db in
                try db.queryFirst(sql) { row in
                    [
                        try row.int64("c"), try row.int64("b"), try row.int64("a"), try row.int64("b"),
                        Int64(try row.string("a_name_longer_than_fifteen_bytes").count), try row.int64("a"),
                        try row.int64("c"),
                    ]
                }
            }
            #expect(values == [5, 2, 3, 2, 1, 3, 5])
        }
    }

}
