import ArgumentParser
import Foundation
import Latchkey

/// `latchkey admin show USER`.
struct AdminShowCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one account, its live sessions, access tokens, passkeys and last 20 events.",
        discussion: "Examples:\n  latchkey admin show alice\n  latchkey admin show alice --json")

    @Argument(help: "The username.")
    var username: String

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        try AdminView.show(root, options, username)
    }
}
