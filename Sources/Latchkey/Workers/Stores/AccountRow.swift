/// One `users` row without its password hashes, read by column name: what the lookup of a session
/// or an access token needs, and all it reads. Every query that reads users selects `columns`, so
/// the names are written once and a join cannot shift them; only the reads that verify a password
/// add the hashes (`CredentialsRow`).
struct AccountRow {
    static let columns = """
        users.id AS user_id, users.username AS username, users.email AS email, users.phone AS phone,
        users.display_name AS display_name, users.created_at AS user_created_at,
        users.last_login_at AS last_login_at, users.email_verified_at AS email_verified_at,
        users.disabled_at AS disabled_at, users.password_change_required AS password_change_required
        """

    let profile: UserProfile
    let isDisabled: Bool
    let passwordChangeRequired: Bool

    /// Reads the columns in the order `columns` lists them: each is then found where the last one
    /// ended (see `ColumnNames`).
    init(_ row: Row) throws {
        var profile = UserProfile(
            id: try row.int64("user_id"),
            username: try row.string("username"),
            email: try row.optionalString("email"),
            phone: try row.optionalString("phone").flatMap { PhoneNumber(e164: $0) },
            displayName: try row.optionalString("display_name"),
            createdAt: try row.date("user_created_at"),
            previousLoginAt: try row.optionalDate("last_login_at"))
        profile.emailVerified = !(try row.isNull("email_verified_at"))
        self.profile = profile
        isDisabled = !(try row.isNull("disabled_at"))
        passwordChangeRequired = try row.int64("password_change_required") != 0
    }
}
