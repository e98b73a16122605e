import ArgumentParser
import Foundation
import Latchkey

/// `latchkey admin disable|enable|unlock|expire-password|delete USER`.
struct AdminActionCommand<Kind: SimpleAdminAction>: LatchkeyCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: Kind.name, abstract: Kind.abstract,
            discussion: "Examples:\n  latchkey admin \(Kind.name) alice\n  latchkey admin \(Kind.name) alice --json")
    }

    @Argument(help: "The username.")
    var username: String

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        try AdminView.act(root, options, username, Kind.action)
    }
}
