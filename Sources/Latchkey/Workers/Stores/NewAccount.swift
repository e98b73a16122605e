/// A new account, validated, with its password already hashed.
struct NewAccount {
    let username: Username
    let email: EmailAddress?
    let phone: PhoneNumber?
    let displayName: DisplayName?
    let passwordHash: String
}
