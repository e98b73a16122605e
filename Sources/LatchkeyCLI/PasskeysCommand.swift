import ArgumentParser
import Latchkey

/// `latchkey passkeys`: your passkeys (the Passkeys scene's display). Enrolling one needs a browser
/// and an authenticator, so the command lists, renames and removes only.
struct PasskeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "passkeys",
        abstract: "List, rename or remove your passkeys.",
        discussion: """
            Adding a passkey needs a browser: sign in on the server's /account page, at its public \
            origin (latchkey-server --public-origin, e.g. https://example.com/account), and add it \
            there. There is no 'latchkey passkeys add'.

            Removing your last passkey needs a password on the account (an operator may remove any \
            passkey with 'latchkey admin revoke-passkey').

            Examples:
              latchkey passkeys
              latchkey passkeys rename 3fa94c1e "Work laptop"
              latchkey passkeys revoke 3fa94c1e
            """,
        subcommands: [
            PasskeysListCommand.self, PasskeysRenameCommand.self, PasskeysRevokeCommand.self, PasskeysAddCommand.self,
        ],
        defaultSubcommand: PasskeysListCommand.self)
}
