internal import CSodium

/// Why a password could not be hashed.
public enum PasswordHashingError: Error, Sendable {
    /// libsodium could not get the memory Argon2id asked for.
    case outOfMemory
}
