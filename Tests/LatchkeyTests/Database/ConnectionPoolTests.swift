import Foundation
import Testing

@testable import Latchkey

/// A pool hands a thread the connection it used last, so threads sharing a pool keep to their own.
@Suite struct ConnectionPoolTests {
    /// A connection that does nothing: the pool only hands it out.
    final class IdleConnection: EngineConnection {
        var dialect: SQLDialect { .sqlite }
        var isInTransaction = false
        var transactionGeneration: UInt64 = 0
        var statementsAlone: Int?
        var changes: Int { 0 }
        var isUsable: Bool { true }
        func endTransaction() {}
        func begin(_ sql: String) throws(DatabaseError) {}
        func commit() throws(DatabaseError) {}
        func rollback() {}
        func run(_ sql: String, _ values: [any SQLBindable], row: (Row) throws -> Void) throws {}
        func executeScript(_ sql: String) throws(DatabaseError) {}
    }

    @Test("a thread goes back to the connection it used last, not to the first free one")
    func aThreadKeepsToTheConnectionItUsedLast() throws {
        let pool = ConnectionPool((0..<3).map { _ in ConnectionSlot { () throws(DatabaseError) in IdleConnection() } })
        PreferredSlot.index = 0
        // Inside another use on this thread, the first connection is held: the second is opened.
        let (outer, inner) = try pool.withConnection { outer in
            (ObjectIdentifier(outer), try pool.withConnection { ObjectIdentifier($0) })
        }
        #expect(outer != inner)
        // Both are free again: the thread is handed the one it used last.
        for _ in 0..<3 {
            #expect(try pool.withConnection { ObjectIdentifier($0) } == inner)
        }
    }
}
