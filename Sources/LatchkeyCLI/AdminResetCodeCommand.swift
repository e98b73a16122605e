import ArgumentParser
import Latchkey

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
