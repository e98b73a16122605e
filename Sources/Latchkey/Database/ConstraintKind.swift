/// The kinds of constraint a write can break, from SQLite's extended result codes or PostgreSQL's
/// SQLSTATE (class 23).
package enum ConstraintKind: Sendable, Hashable {
    case unique, primaryKey, foreignKey, check, notNull, other

    init?(_ code: ResultCode) {
        switch code {
        case .constraintUnique: self = .unique
        case .constraintPrimaryKey: self = .primaryKey
        case .constraintForeignKey: self = .foreignKey
        case .constraintCheck: self = .check
        case .constraintNotNull: self = .notNull
        case .constraint: self = .other
        default: return nil
        }
    }

    init?(sqlState: String) {
        switch sqlState {
        case "23505": self = .unique
        case "23503": self = .foreignKey
        case "23514": self = .check
        case "23502": self = .notNull
        case _ where sqlState.hasPrefix("23"): self = .other
        default: return nil
        }
    }
}
