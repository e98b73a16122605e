/// An account with the hash a password is verified against: `AccountRow`'s columns, the account's
/// Argon2id hash, and an imported hash still waiting for its first sign-in, through one `LEFT JOIN`
/// (`imported_passwords` holds at most one row per user).
struct CredentialsRow {
    static let columns =
        AccountRow.columns + """
            , users.password_hash AS password_hash, imported_passwords.hash AS imported_hash,
            imported_passwords.scheme AS imported_scheme
            """
    /// The tables `columns` come from.
    static let source = "users LEFT JOIN imported_passwords ON imported_passwords.user_id = users.id"

    let credentials: AccountCredentials

    init(_ row: Row) throws {
        let account = try AccountRow(row)
        credentials = AccountCredentials(
            profile: account.profile,
            passwordHash: try row.optionalString("imported_hash") ?? row.string("password_hash"),
            isDisabled: account.isDisabled, passwordChangeRequired: account.passwordChangeRequired,
            importedScheme: try row.optionalString("imported_scheme"))
    }
}
