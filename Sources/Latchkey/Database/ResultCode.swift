internal import CSQLite

/// An SQLite result code by name, primary or extended (after GRDB's `ResultCode`).
/// A primary code used as a pattern matches every extended code of its family:
/// `case .constraint: …` catches `SQLITE_CONSTRAINT_UNIQUE` too.
package struct ResultCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The number SQLite returns.
    package let rawValue: Int32

    /// Wraps SQLite's number.
    package init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The primary code of an extended one (the low byte).
    package var primary: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

    package var description: String { "\(rawValue)" }

    /// True when `code` is `pattern`, or `pattern` is primary and `code` one of its extended codes.
    package static func ~= (pattern: ResultCode, code: ResultCode) -> Bool {
        pattern == code || (pattern == pattern.primary && pattern == code.primary)
    }

    package static let ok = ResultCode(rawValue: SQLITE_OK)
    package static let error = ResultCode(rawValue: SQLITE_ERROR)
    package static let busy = ResultCode(rawValue: SQLITE_BUSY)
    package static let locked = ResultCode(rawValue: SQLITE_LOCKED)
    package static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
    package static let ioError = ResultCode(rawValue: SQLITE_IOERR)
    package static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
    package static let full = ResultCode(rawValue: SQLITE_FULL)
    package static let cannotOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
    package static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
    package static let misuse = ResultCode(rawValue: SQLITE_MISUSE)
    package static let range = ResultCode(rawValue: SQLITE_RANGE)
    package static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)
    package static let row = ResultCode(rawValue: SQLITE_ROW)
    package static let done = ResultCode(rawValue: SQLITE_DONE)

    package static let constraintCheck = ResultCode(rawValue: SQLITE_CONSTRAINT | (1 << 8))
    package static let constraintForeignKey = ResultCode(rawValue: SQLITE_CONSTRAINT | (3 << 8))
    package static let constraintNotNull = ResultCode(rawValue: SQLITE_CONSTRAINT | (5 << 8))
    package static let constraintPrimaryKey = ResultCode(rawValue: SQLITE_CONSTRAINT | (6 << 8))
    package static let constraintUnique = ResultCode(rawValue: SQLITE_CONSTRAINT | (8 << 8))
}
