import Foundation

/// A record whose every field passed its validation: ready to insert.
struct ImportCandidate {
    /// The account's own hash while an imported one (or none) stands: a PHC prefix the table's CHECK
    /// accepts and no password verifies against.
    static let noPassword = "$argon2id$imported"

    let line: Int
    let username: Username
    let hash: ForeignHash?
    let email: EmailAddress?
    let phone: PhoneNumber?
    let name: DisplayName?
    let roles: [Username]
    let createdAt: Date
    let disabled: Bool
}
