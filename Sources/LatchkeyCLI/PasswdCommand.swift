import ArgumentParser
import Latchkey

/// `latchkey passwd`: the display of the ChangePassword scene.
struct PasswdCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "passwd",
        abstract: "Change your password; your other sessions are signed out.",
        discussion: """
            Asks for the current password, then twice for the new one. With --password-stdin, the first \
            line of standard input is the current password and the second the new one.

            Examples:
              latchkey passwd
              printf '%s\\n%s\\n' 'the current one' 'a new long passphrase' | latchkey passwd --password-stdin
            """)

    @Flag(help: "Read the current and the new password as two lines of standard input.")
    var passwordStdin = false

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIFailure) {
        let token = try root.sessionToken(for: "change the password")
        let input = PasswordInput(fromStandardInput: passwordStdin)
        let current = try input.read(prompt: "Current password")
        let new = try input.read(prompt: "New password", confirm: true)
        let view = PasswdView(json: options.json)
        try root.sceneFactory().makeChangePasswordScene(display: view).interactor.changePassword(
            request: .init(token: token, currentPassword: current, newPassword: new))
        try view.finish()
    }
}

/// Shows the ChangePassword scene's view model.
final class PasswdView: CommandView, ChangePasswordDisplayLogic {
    func displayPasswordChange(viewModel: ChangePassword.Update.ViewModel) {
        switch viewModel {
        case .changed(let message): show(message: message, json: JSONOutput.Changed(message: message), text: nil)
        case .failed(let failure): record(failure)
        }
    }
}
