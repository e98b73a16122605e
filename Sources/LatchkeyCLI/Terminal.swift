import Foundation

/// The terminal settings to put back if the user presses Ctrl-C while echo is off. A signal handler
/// cannot take a lock or capture context, so these globals are written before echo goes off and
/// only read by the handler. The settings live in one heap allocation of `termios`'s own size:
/// Swift 6.3.1 lays out a zero-initialised global `termios` 3 bytes short (swiftlang/swift#91387),
/// and `tcsetattr` would read past it.
nonisolated(unsafe) private let savedSettings: UnsafeMutablePointer<termios> = {
    let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    pointer.initialize(to: termios())
    return pointer
}()
nonisolated(unsafe) private var savedDescriptor: Int32 = -1

/// The controlling terminal, opened directly so that piped standard input does not matter.
struct Terminal {
    let descriptor: Int32

    static func open() throws(CLIError) -> Terminal {
        let descriptor = Glibc.open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw CLIError(
                message: "No terminal to ask for the password: pipe it in with --password-stdin.",
                exitCode: ExitStatus.usage)
        }
        return Terminal(descriptor: descriptor)
    }

    /// Prints `prompt`, reads one line with echo off, and restores the terminal, even on Ctrl-C.
    func readSecret(prompt: String) throws(CLIError) -> [UInt8] {
        var settings = termios()
        guard tcgetattr(descriptor, &settings) == 0 else {
            throw CLIError(message: "Cannot read the terminal's settings.", exitCode: ExitStatus.usage)
        }
        savedSettings.pointee = settings
        savedDescriptor = descriptor
        let previousInterrupt = signal(SIGINT, restoreAndExit)
        let previousTerminate = signal(SIGTERM, restoreAndExit)
        defer {
            tcsetattr(descriptor, TCSAFLUSH, savedSettings)
            signal(SIGINT, previousInterrupt)
            signal(SIGTERM, previousTerminate)
            write("\n")
        }
        var silent = settings
        silent.c_lflag &= ~tcflag_t(ECHO | ECHONL)
        silent.c_lflag |= tcflag_t(ICANON)
        tcsetattr(descriptor, TCSAFLUSH, &silent)
        // The prompt comes only once echo is off, so nothing typed after it can be echoed.
        write(prompt)
        return PasswordInput.readLine(from: descriptor)
    }

    func close() {
        _ = Glibc.close(descriptor)
    }

    private func write(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    }
}

/// Puts the terminal back and exits as a shell expects after a signal (128 + its number).
private func restoreAndExit(_ signal: Int32) {
    if savedDescriptor >= 0 { tcsetattr(savedDescriptor, TCSAFLUSH, savedSettings) }
    _exit(128 + signal)
}
