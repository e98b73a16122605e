import ArgumentParser
import Latchkey

/// `latchkey admin invite [--role ROLE]… [--expires-in DURATION] [--email ADDRESS]`: an invitation
/// code for registration by invitation only, printed once. Audited with the operating-system user.
struct AdminInviteCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "invite",
        abstract: "Make an invitation code to register with (printed once).",
        discussion: """
            The code is valid for one registration (the library's register with an invitation, or \
            "invitation" in the server's /v1/register), which gets the roles given here. \
            --expires-in takes 45m, 12h, 7d or 2w: by default 7 days, at most 30. With --email, \
            only that address (in any case) may register with it. Hand the code over privately.

            Examples:
              latchkey admin invite --role editor --expires-in 2d
              latchkey admin invite --email ann@example.com --json
            """)

    @Option(help: "A role the new account gets (named like a username); repeatable.")
    var role: [String] = []

    @Option(help: "When it stops working: 45m, 12h, 7d or 2w (at most 30 days).")
    var expiresIn: String?

    @Option(help: "The one email address allowed to register with it.")
    var email: String?

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        if let expiresIn, duration(expiresIn) == nil {
            throw ValidationError("--expires-in takes a number with m, h, d or w, such as 7d.")
        }
    }

    func execute(_ root: CompositionRoot) throws(CLIError) {
        let view = InviteView(json: options.json)
        try root.sceneFactory().makeInviteScene(display: view).interactor.issue(
            request: .init(
                roles: role, expiresIn: expiresIn.flatMap(duration), email: email, actor: AdminCommand.operatorName()))
        try view.finish()
    }

    private func duration(_ text: String) -> Duration? {
        if case .after(let duration) = AccessTokenExpiry(text) { duration } else { nil }
    }
}
