import Foundation

/// One account as the file gives it, not yet validated: the interactor checks every field.
struct ImportRecord: Sendable {
    var line: Int
    var username = ""
    var passwordHash: String?
    var email: String?
    var phone: String?
    var name: String?
    var roles: [String] = []
    var createdAt: String?
    var disabled: String?
    /// Django's `is_active`, the opposite of `disabled`.
    var active: String?
    /// Django's `is_superuser`: true gives the account the `admin` role.
    var superuser: String?
    /// The source had the account without a usable password (Django's `!…`): it imports with none,
    /// and only a password reset lets its user in.
    var passwordless = false
}
