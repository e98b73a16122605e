import ArgumentParser
import Foundation
import Latchkey

/// `latchkey mfa confirm`.
struct MfaConfirmCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "confirm", abstract: "Turn the enrolled factor on with a first code; prints the recovery codes.",
        discussion: """
            Asks for the code the authenticator app shows now, or reads it from standard input with --code-stdin.

            Examples:
              latchkey mfa confirm
              printf '%s\\n' 123456 | latchkey mfa confirm --code-stdin --json
            """)

    /// Parsed only to be refused: `mfa confirm CODE` was the old form, and argv is readable by all.
    @Argument(help: .private)
    var codeArgument: String?

    @OptionGroup var code: CodeOptions
    @OptionGroup var options: GlobalOptions

    func validate() throws {
        if codeArgument != nil { throw ValidationError(CodeOptions.refusal) }
    }

    func execute(_ root: CompositionRoot) throws(CLIError) {
        try MfaView.change(root, options) { () throws(CLIError) in
            .confirm(
                code: try PasswordInput(fromStandardInput: false, codeFromStandardInput: code.codeStdin).readCode())
        }
    }
}
