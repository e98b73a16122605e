import ArgumentParser
import Latchkey

/// `latchkey reset-password USER`: sets a new password with a one-time reset code (the
/// PasswordReset scene's display). The code and the password are secrets: read, never arguments.
struct ResetPasswordCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset-password",
        abstract: "Set a new password with a reset code; every session of the account is signed out.",
        discussion: """
            Asks for the reset code (from 'latchkey admin reset-code' or the application's message), \
            then twice for the new password. With --stdin, the first line of standard input is the \
            code and the second the new password. A wrong, used, replaced or expired code exits 1 and \
            counts like a wrong password; the second factor stays on.

            Examples:
              latchkey reset-password alice
              printf '%s\\n%s\\n' 'K7QD-2M9X' 'a new long passphrase' | latchkey reset-password alice --stdin
            """)

    @Argument(help: "The username.")
    var username: String

    @Flag(help: "Read the code and the new password as two lines of standard input.")
    var stdin = false

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        let input = PasswordInput(fromStandardInput: stdin, flag: "--stdin")
        let code = try input.read(prompt: "Reset code")
        let password = try input.read(prompt: "New password", confirm: true)
        let view = ResetPasswordView(json: options.json)
        try root.sceneFactory().makePasswordResetScene(display: view).interactor.completeReset(
            request: .init(proof: .code(username: username, code: code), newPassword: password))
        try view.finish()
    }
}
