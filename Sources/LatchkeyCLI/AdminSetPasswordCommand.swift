import ArgumentParser
import Foundation
import Latchkey

/// `latchkey admin set-password USER [--password-stdin]`.
struct AdminSetPasswordCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-password",
        abstract: "Set a user's password (through the same rules) and end all their sessions.",
        discussion: """
            Examples:
              latchkey admin set-password alice
              printf '%s\\n' 'a new long passphrase' | latchkey admin set-password alice --password-stdin
            """)

    @Argument(help: "The username.")
    var username: String

    @Flag(help: "Read the new password as one line from standard input.")
    var passwordStdin = false

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        let password = try PasswordInput(fromStandardInput: passwordStdin).read(prompt: "New password", confirm: true)
        try AdminView.act(root, options, username, .setPassword(password))
    }
}
