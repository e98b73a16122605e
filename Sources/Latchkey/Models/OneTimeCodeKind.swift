internal import CSodium

/// What a one-time code is for.
enum OneTimeCodeKind: String, Sendable {
    case passwordReset = "password_reset"
    case emailVerification = "email_verification"
}
