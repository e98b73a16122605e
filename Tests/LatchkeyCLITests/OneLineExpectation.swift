import Testing

@testable import LatchkeyTestSupport

/// Exactly one line on stderr, starting `latchkey: `, the exit `status`, and no signal.
func expectOneLine(_ result: CLIResult, _ status: Int32, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.status == status, "\(result.stderr)", sourceLocation: sourceLocation)
    #expect(!result.signalled, sourceLocation: sourceLocation)
    #expect(result.errorLines.count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
    #expect(result.stderr.hasPrefix("latchkey: "), "\(result.stderr)", sourceLocation: sourceLocation)
}
