import ArgumentParser
import Foundation
import Latchkey

/// `latchkey admin …`: the operator's commands (the Admin scene's display). Whoever can open the
/// database is the operator, as with Django's `manage.py`; each action is audited with the OS user.
struct AdminCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "admin",
        abstract:
            "Run the user base: list, show, disable, enable, unlock, expire a password, delete, set a password, roles, passkeys.",
        discussion: """
            No sign-in is needed: access to the database file (or the server's credentials) is the \
            authority, and every action is audited with the operating-system user who ran it. \
            An unknown user exits 65.

            Examples:
              latchkey admin users --search ali
              latchkey admin show alice --json
              latchkey admin disable alice
              latchkey admin roles alice --add editor --remove viewer
              latchkey admin revoke-passkey alice 3fa94c1e
            """,
        subcommands: [
            AdminUsersCommand.self, AdminShowCommand.self, AdminActionCommand<Disable>.self,
            AdminActionCommand<Enable>.self, AdminActionCommand<Unlock>.self, AdminActionCommand<EndSessions>.self,
            AdminActionCommand<ExpirePassword>.self,
            AdminActionCommand<Delete>.self, AdminSetPasswordCommand.self, AdminRolesCommand.self,
            AdminActionCommand<ResetSecondFactor>.self, AdminTokensCommand.self, AdminRevokeTokenCommand.self,
            AdminRevokePasskeyCommand.self, AdminResetCodeCommand.self, AdminInviteCommand.self,
            AdminInvitationsCommand.self,
            AdminRevokeInvitationCommand.self, AdminImportCommand.self,
        ])

    /// The operating-system user running the command, for the audit trail.
    static func operatorName() -> AuthEvent.Operator {
        AuthEvent.Operator(osUser: LocalClient.osUserName())
    }
}
