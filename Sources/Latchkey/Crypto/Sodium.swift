internal import CSodium

/// libsodium must be initialized once before use; a global `let` runs this exactly once, thread-safely.
private let sodiumStatus: Int32 = sodium_init()

enum Sodium {
    /// Makes sure libsodium is initialized (its RNG opened, its CPU features picked).
    static func ensureInitialized() {
        precondition(sodiumStatus >= 0, "libsodium failed to initialize")
    }
}
