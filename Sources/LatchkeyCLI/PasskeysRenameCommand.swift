import ArgumentParser
import Latchkey

/// `latchkey passkeys rename ID NAME`.
struct PasskeysRenameCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename", abstract: "Give one of your passkeys a new name (one line, 1 to 64 characters).",
        discussion: "Examples:\n  latchkey passkeys rename 3fa94c1e \"Work laptop\"")

    @Argument(help: "The passkey's id, as 'latchkey passkeys' shows it.")
    var id: String

    @Argument(help: "The new name.")
    var name: String

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        try PasskeysView.run(root, options, for: "rename passkeys", changing: .rename(name)) { interactor, token in
            interactor.change(request: .init(token: token, id: id, action: .rename(name)))
        }
    }
}
