import ArgumentParser
import Latchkey

/// `latchkey passkeys`: your passkeys (the Passkeys scene's display). Enrolling one needs a browser
/// and an authenticator, so the command lists, renames and removes only.
struct PasskeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "passkeys",
        abstract: "List, rename or remove your passkeys.",
        discussion: """
            Adding a passkey needs a browser and an authenticator: sign in on the server's account \
            page, /account on its public origin (latchkey-server --public-origin), and press \
            "Add a passkey". Programs use its routes POST /v1/passkeys/register/options and \
            /v1/passkeys/register. There is no 'latchkey passkeys add'.

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
