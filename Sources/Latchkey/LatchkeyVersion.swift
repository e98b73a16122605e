/// The release this build of Latchkey is, the one `latchkey --version` and `latchkey-server
/// --version` print: a program built on the library can report it the same way.
public enum LatchkeyVersion {
    /// The version number, `MAJOR.MINOR.PATCH`.
    public static let current = "0.1.0"
}
