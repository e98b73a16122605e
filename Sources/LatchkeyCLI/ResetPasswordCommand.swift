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

/// `latchkey admin reset-code USER`: a code for an operator to hand over, when the installation
/// has no delivery (or the mailbox is gone). Audited with the operating-system user.
struct AdminResetCodeCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset-code",
        abstract: "Make a one-time password-reset code for a user (printed once; replaces any earlier one).",
        discussion: """
            The code is valid for 30 minutes and for one use; the user types it in \
            'latchkey reset-password USER'. Hand it over privately: it sets the account's password.

            Examples:
              latchkey admin reset-code alice
              latchkey admin reset-code alice --json
            """)

    @Argument(help: "The username.")
    var username: String

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        let view = ResetPasswordView(json: options.json)
        try root.sceneFactory().makePasswordResetScene(display: view).interactor.issueCode(
            request: .init(username: username, actor: AdminCommand.operatorName()))
        try view.finish()
    }
}

/// Shows the PasswordReset scene's view models.
final class ResetPasswordView: CommandView, PasswordResetDisplayLogic {
    func displayBegun(viewModel: PasswordReset.Begin.ViewModel) {
        switch viewModel {
        case .success(let message): show(message: message, json: JSONOutput.Changed(message: message), text: nil)
        case .failure(let failure): record(failure)
        }
    }

    func displayCompleted(viewModel: PasswordReset.Complete.ViewModel) {
        switch viewModel {
        case .success(let result):
            let ended = result.sessionsEnded
            let message =
                (ended == 0
                    ? "Password reset. Sign in with the new password."
                    : "Password reset. Sign in with the new password; \(ended) session(s) were signed out.")
                + AccessTokenText.revoked(result.accessTokensRevoked)
            show(message: message, json: Merged(result, JSONOutput.Changed(message: message)), text: nil)
        case .failure(let failure): record(failure)
        }
    }

    func displayIssued(viewModel: PasswordReset.Issue.ViewModel) {
        switch viewModel {
        case .success(let issued):
            let message =
                "Reset code for \(issued.username), valid until \(DateText.format(issued.expires)): hand it over "
                + "privately; they run 'latchkey reset-password \(issued.username)'."
            show(message: message, json: issued, text: issued.code)
        case .failure(let failure): record(failure)
        }
    }
}
