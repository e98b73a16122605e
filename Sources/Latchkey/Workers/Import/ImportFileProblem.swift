import Foundation

/// Why an import file cannot be read on: the line it stopped at and why. Nothing is imported.
package struct ImportFileProblem: Error, Sendable, Hashable {
    package let line: Int
    package let message: String
}
