import ArgumentParser
import Latchkey

/// `latchkey admin invitations [--all]`: the invitations, never their codes.
struct AdminInvitationsCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "invitations", abstract: "List invitations that can still be used (never their codes).",
        discussion: """
            Newest first: number, created, expires, email, roles, who issued it. With --all, used, \
            expired and revoked invitations too, with their state.

            Examples:
              latchkey admin invitations
              latchkey admin invitations --all --json
            """)

    @Flag(help: "Include used, expired and revoked invitations, with their state.")
    var all = false

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        let view = InviteView(json: options.json, states: all)
        try root.sceneFactory().makeInviteScene(display: view).interactor.list(request: .init(all: all))
        try view.finish()
    }
}
