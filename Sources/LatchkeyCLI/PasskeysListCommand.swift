import ArgumentParser
import Latchkey

/// `latchkey passkeys [list]`.
struct PasskeysListCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List your passkeys, oldest first.",
        discussion: "Examples:\n  latchkey passkeys\n  latchkey passkeys --json")

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        try PasskeysView.run(root, options, for: "list passkeys") { interactor, token in
            interactor.list(request: .init(token: token))
        }
    }
}
