import Foundation

/// A row the reader could not make a record of (it is refused, and the import goes on to count).
struct ImportRowProblem: Error, Sendable {
    let line: Int
    let reason: String
}
