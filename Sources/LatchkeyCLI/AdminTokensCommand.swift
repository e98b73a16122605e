import ArgumentParser
import Foundation
import Latchkey

/// `latchkey admin tokens USER`.
struct AdminTokensCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokens", abstract: "List a user's personal access tokens that still work.",
        discussion: "Examples:\n  latchkey admin tokens alice\n  latchkey admin tokens alice --json")

    @Argument(help: "The username.")
    var username: String

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        try AdminView.show(root, options, username, tokensOnly: true)
    }
}
