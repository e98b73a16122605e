import Latchkey

/// What every command's display shares: the output mode, and the failure it will exit with. A
/// display method cannot throw (the presenter calls it), so a failure is kept until `finish`.
class CommandView {
    let json: Bool
    private var failure: CLIError?

    init(json: Bool) {
        self.json = json
    }

    /// Keeps a presenter's failure for `finish`, with the exit code of its kind.
    func record(_ failure: LatchkeyError) {
        record(CLIError(failure))
    }

    /// Keeps a failure of the display itself (a session file that cannot be written, a closed stream).
    func record(_ failure: CLIError) {
        if self.failure == nil { self.failure = failure }
    }

    /// Runs `body`, keeping the failure it throws.
    func emit(_ body: () throws(CLIError) -> Void) {
        do { try body() } catch { record(error) }
    }

    /// Prints a result: `message` to stderr, then `object` as JSON or `text` to stdout.
    func show(message: String?, json object: some Encodable, text: String?) {
        emit { () throws(CLIError) in
            if let message { try Console.message(message) }
            if json {
                try Console.json(object)
            } else if let text {
                try Console.out(text)
            }
        }
    }

    /// Throws the kept failure, if any, once the scene is done.
    func finish() throws(CLIError) {
        if let failure { throw failure }
    }
}
