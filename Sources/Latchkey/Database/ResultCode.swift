internal import CSQLite

/// An SQLite result code by name, primary or extended (after GRDB's `ResultCode`).
/// A primary code used as a pattern matches every extended code of its family:
/// `case .constraint: …` catches `SQLITE_CONSTRAINT_UNIQUE` too.
public struct ResultCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The number SQLite returns.
    public let rawValue: Int32

    /// Wraps SQLite's number.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The primary code of an extended one (the low byte).
    public var primary: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

    public var description: String { "\(rawValue)" }

    /// True when `code` is `pattern`, or `pattern` is primary and `code` one of its extended codes.
    public static func ~= (pattern: ResultCode, code: ResultCode) -> Bool {
        pattern == code || (pattern == pattern.primary && pattern == code.primary)
    }

    public static let ok = ResultCode(rawValue: SQLITE_OK)
    public static let error = ResultCode(rawValue: SQLITE_ERROR)
    public static let busy = ResultCode(rawValue: SQLITE_BUSY)
    public static let locked = ResultCode(rawValue: SQLITE_LOCKED)
    public static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
    public static let ioError = ResultCode(rawValue: SQLITE_IOERR)
    public static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
    public static let full = ResultCode(rawValue: SQLITE_FULL)
    public static let cannotOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
    public static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
    public static let misuse = ResultCode(rawValue: SQLITE_MISUSE)
    public static let range = ResultCode(rawValue: SQLITE_RANGE)
    public static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)
    public static let row = ResultCode(rawValue: SQLITE_ROW)
    public static let done = ResultCode(rawValue: SQLITE_DONE)

    public static let constraintCheck = ResultCode(rawValue: SQLITE_CONSTRAINT | (1 << 8))
    public static let constraintForeignKey = ResultCode(rawValue: SQLITE_CONSTRAINT | (3 << 8))
    public static let constraintNotNull = ResultCode(rawValue: SQLITE_CONSTRAINT | (5 << 8))
    public static let constraintPrimaryKey = ResultCode(rawValue: SQLITE_CONSTRAINT | (6 << 8))
    public static let constraintUnique = ResultCode(rawValue: SQLITE_CONSTRAINT | (8 << 8))
}
