internal import CSodium

/// Hashes and verifies passwords. A spy or a real hasher can stand in for it.
public protocol PasswordHashing: Sendable {
    /// A PHC string (`$argon2id$v=19$m=…,t=…,p=1$salt$hash`) for `password`.
    func hash(_ password: String) throws -> String
    /// True when `password` matches the PHC string `hash`.
    func verify(_ password: String, against hash: String) -> Bool
    /// True when `hash` was made with weaker parameters than the current ones.
    func needsRehash(_ hash: String) -> Bool
    /// A hash at the current parameters that no password matches, verified for unknown usernames
    /// so they cost the same work as known ones.
    var dummyHash: String { get }
}
