import ArgumentParser
import Latchkey

/// `latchkey passwd`: the display of the ChangePassword scene.
struct PasswdCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "passwd",
        abstract: "Change your password; your other sessions are signed out and your access tokens revoked.",
        discussion: """
            Asks for the current password, then twice for the new one. With --password-stdin, the first \
            line of standard input is the current password and the second the new one. Your access \
            tokens are revoked with the change (one made in a stolen session would outlive it); \
            --keep-tokens keeps them working.

            Examples:
              latchkey passwd
              printf '%s\\n%s\\n' 'the current one' 'a new long passphrase' | latchkey passwd --password-stdin
              latchkey passwd --keep-tokens
            """)

    @Flag(help: "Read the current and the new password as two lines of standard input.")
    var passwordStdin = false

    @Flag(help: "Keep your access tokens working (by default the change revokes them).")
    var keepTokens = false

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        let token = try root.sessionToken(for: "change the password")
        let input = PasswordInput(fromStandardInput: passwordStdin)
        let current = try input.read(prompt: "Current password")
        let new = try input.read(prompt: "New password", confirm: true)
        let view = PasswdView(json: options.json)
        try root.sceneFactory().makeChangePasswordScene(display: view).interactor.changePassword(
            request: .init(token: token, currentPassword: current, newPassword: new, revokeTokens: !keepTokens))
        try view.finish()
    }
}
