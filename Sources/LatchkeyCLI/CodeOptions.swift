import ArgumentParser

/// Where a second-factor code comes from: the terminal (echo off) or a line of standard input.
/// Never an argument: every local user can read a process's arguments in /proc/PID/cmdline.
struct CodeOptions: ParsableArguments {
    @Flag(help: "Read the code as a line of standard input (after the password's line with --password-stdin).")
    var codeStdin = false

    /// Parsed only to be refused with a line that says how, instead of "unknown option".
    @Option(help: .private)
    var code: String?

    func validate() throws {
        if code != nil { throw ValidationError(Self.refusal) }
    }

    /// The one line every form of a code on the command line gets (exit 64).
    static let refusal =
        "A code is never taken as an argument, where other users can read it: type it when asked, or write it to standard input with --code-stdin."
}
