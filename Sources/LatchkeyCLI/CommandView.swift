import Latchkey

/// What every command's display shares: the output mode and the failure it will exit with.
class CommandView {
    let json: Bool
    private var failure: CLIFailure?

    init(json: Bool) {
        self.json = json
    }

    /// Keeps a presenter's failure for `finish`, with the exit code of its kind.
    func record(_ failure: FailureViewModel) {
        self.failure = CLIFailure(message: failure.message, exitCode: ExitStatus.of(failure.kind))
    }

    /// Keeps a failure of the display itself (a session file that cannot be written).
    func record(_ failure: CLIFailure) {
        self.failure = failure
    }

    /// Throws the kept failure, if any, once the scene is done.
    func finish() throws {
        if let failure { throw failure }
    }
}
