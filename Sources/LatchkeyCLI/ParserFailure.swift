import ArgumentParser
import Foundation
import Latchkey

/// A parser error in one line, with a hint on the same line.
enum ParserFailure {
    static func describe(_ error: any Error, code: ExitCode) -> CLIError {
        var message =
            LatchkeyTool.message(for: error).split(whereSeparator: \.isNewline).first.map(String.init)
            ?? "invalid command line."
        if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
        let usage = code == .validationFailure ? ExitStatus.usage : ExitCode(code.rawValue == 1 ? 64 : code.rawValue)
        return CLIError(message: message + " (see 'latchkey help')", exitCode: usage)
    }
}
