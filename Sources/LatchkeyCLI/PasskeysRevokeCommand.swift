import ArgumentParser
import Latchkey

/// `latchkey passkeys revoke ID`.
struct PasskeysRevokeCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Remove one of your passkeys by its id (not the last way in of an account without a password).",
        discussion: "Examples:\n  latchkey passkeys revoke 3fa94c1e")

    @Argument(help: "The passkey's id, as 'latchkey passkeys' shows it.")
    var id: String

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        try PasskeysView.run(root, options, for: "remove passkeys", changing: .revoke) { interactor, token in
            interactor.change(request: .init(token: token, id: id, action: .revoke))
        }
    }
}
