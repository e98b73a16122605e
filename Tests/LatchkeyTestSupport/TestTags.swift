public import Testing

/// The slow tiers, so a quick run can leave them out (`swift test --skip …`, see each tag).
extension Tag {
    /// Starts the throwaway PostgreSQL server: suites on every engine (their SQLite cases too, since
    /// a tag on a suite covers every case of it) and the PostgreSQL-only suites.
    @Tag public static var postgres: Self
    /// Runs a built executable (`latchkey`, `latchkey-server`, the service example) or another
    /// program it drives (nginx, Caddy, Chromium).
    @Tag public static var binary: Self
    /// Crashes, loads and races: many processes or threads over seconds.
    @Tag public static var stress: Self
}
