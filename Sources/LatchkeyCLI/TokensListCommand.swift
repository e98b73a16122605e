import ArgumentParser
import Latchkey

/// `latchkey tokens [list]`.
struct TokensListCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List your tokens that still work, newest first.",
        discussion: "Examples:\n  latchkey tokens\n  latchkey tokens list --json")

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        try TokensView.run(root, options) { interactor, token in interactor.fetchTokens(request: .init(token: token)) }
    }
}
