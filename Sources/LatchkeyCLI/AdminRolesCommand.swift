import ArgumentParser
import Foundation
import Latchkey

/// `latchkey admin roles USER [--add ROLE]… [--remove ROLE]…`.
struct AdminRolesCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "roles", abstract: "Show a user's roles, or add and remove some.",
        discussion: "Examples:\n  latchkey admin roles alice\n  latchkey admin roles alice --add editor --remove viewer"
    )

    @Argument(help: "The username.")
    var username: String

    @Option(help: "A role to add (named like a username); may be repeated.")
    var add: [String] = []

    @Option(help: "A role to remove; may be repeated.")
    var remove: [String] = []

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        try AdminView.act(root, options, username, .roles(add: add, remove: remove))
    }
}
