import ArgumentParser
import Foundation
import Latchkey

/// `latchkey mfa recovery-codes`.
struct MfaRecoveryCodesCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "recovery-codes", abstract: "Replace the recovery codes (password and a code).",
        discussion:
            "Examples:\n  latchkey mfa recovery-codes\n  latchkey mfa recovery-codes --code-stdin --json   # password typed, code piped"
    )

    @OptionGroup var secrets: PasswordAndCode
    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        try MfaView.change(root, options) { () throws(CLIError) in
            let (password, code) = try secrets.read()
            return .replaceRecoveryCodes(password: password, code: code)
        }
    }
}
