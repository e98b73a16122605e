import ArgumentParser
import Latchkey

/// `latchkey admin revoke-invitation ID`: the code then fails registration as an unknown one does.
/// Audited with the operating-system user.
struct AdminRevokeInvitationCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke-invitation", abstract: "Revoke an unused invitation by its number.",
        discussion: """
            Its code then fails registration exactly as a code never issued. A number no unused \
            invitation has exits 65.

            Examples:
              latchkey admin revoke-invitation 3
            """)

    @Argument(help: "The invitation's number, as 'latchkey admin invitations' shows it.")
    var id: String

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        let view = InviteView(json: options.json)
        try root.sceneFactory().makeInviteScene(display: view).interactor.revoke(
            request: .init(id: id, authority: .operator(AdminCommand.operatorName())))
        try view.finish()
    }
}
