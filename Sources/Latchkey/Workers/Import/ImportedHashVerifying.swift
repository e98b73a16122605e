/// Verifies a password against an imported hash, as its own system made it: a worker of its own so
/// that tests can count the foreign verifies a sign-in runs (a refusal must run none).
protocol ImportedHashVerifying: Sendable {
    /// True when `password`, as typed, matches `hash`.
    func verify(_ password: String, against hash: ForeignHash) -> Bool
}
