import ArgumentParser
import Foundation
import Latchkey

/// `latchkey mfa disable`.
struct MfaDisableCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "disable", abstract: "Turn the second factor off (password and a code or recovery code).",
        discussion:
            "Examples:\n  latchkey mfa disable\n  printf '%s\\n%s\\n' \"$PASSWORD\" 123456 | latchkey mfa disable --password-stdin"
    )

    @OptionGroup var secrets: PasswordAndCode
    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        try MfaView.change(root, options) { () throws(CLIError) in
            let (password, code) = try secrets.read()
            return .disable(password: password, code: code)
        }
    }
}
