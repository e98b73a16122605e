import ArgumentParser
import Foundation
import Latchkey

/// `latchkey mfa …`: the SecondFactor scene's display.
struct MfaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mfa",
        abstract: "Turn a second factor (TOTP) on or off, and replace its recovery codes.",
        discussion: """
            Examples:
              latchkey mfa enable                       # password, QR code, first code, recovery codes
              printf '%s\\n' 'my passphrase' | latchkey mfa enable --password-stdin --json
              latchkey mfa confirm                      # asks for the code
              latchkey mfa disable
              latchkey mfa recovery-codes
            """,
        subcommands: [
            MfaEnableCommand.self, MfaConfirmCommand.self, MfaDisableCommand.self, MfaRecoveryCodesCommand.self,
        ])
}
