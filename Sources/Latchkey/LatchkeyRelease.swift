/// The release this build of Latchkey is, the one `latchkey --version` and `latchkey-server
/// --version` print: a program built on the library can report it the same way. (Not named
/// `LatchkeyVersion`: the symbol graph, and so the documentation, leaves out any name that is the
/// module's followed by `Version`.)
public enum LatchkeyRelease {
    /// The version number, `MAJOR.MINOR.PATCH`.
    public static let version = "0.1.0"
}
