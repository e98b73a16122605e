import ArgumentParser
import Foundation
import Latchkey

/// `latchkey admin revoke-passkey USER ID`: even the account's last passkey (the operator can set a
/// password with `admin set-password`).
struct AdminRevokePasskeyCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke-passkey", abstract: "Remove one of a user's passkeys by its id, even the last one.",
        discussion: """
            The account may be left with no way in: give it a password with 'latchkey admin set-password'.

            Examples:
              latchkey admin revoke-passkey alice 3fa94c1e
            """)

    @Argument(help: "The username.")
    var username: String

    @Argument(help: "The passkey's id, as 'latchkey admin show USER' shows it.")
    var id: String

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        try AdminView.act(root, options, username, .revokePasskey(id: id))
    }
}
