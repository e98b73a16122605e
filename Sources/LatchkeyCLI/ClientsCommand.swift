import ArgumentParser
import Latchkey

/// `latchkey clients …`: the OpenID Connect clients (the Clients scene's display). Like `latchkey
/// admin`, whoever can open the database is the operator; each change is audited with the OS user.
struct ClientsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clients",
        abstract: "Register the OpenID Connect clients (relying parties): add, list, show, remove, rotate-secret.",
        discussion: """
            The registry of the applications that will sign their users in through Latchkey as an \
            OpenID Connect provider (authorization code flow with PKCE), served by latchkey-server \
            under /oauth2/. No sign-in is needed: \
            access to the database is the authority, and every change is audited with the \
            operating-system user who ran it. A client is named by its client ID or its name. An \
            unknown client exits 65.

            Examples:
              latchkey clients add wiki --redirect-uri https://wiki.example.com/cb
              latchkey clients add cli --public --redirect-uri http://127.0.0.1:8765/cb
              latchkey clients list
              latchkey clients rotate-secret wiki
            """,
        subcommands: [
            ClientsAddCommand.self, ClientsListCommand.self, ClientsShowCommand.self, ClientsRemoveCommand.self,
            ClientsRotateSecretCommand.self,
        ],
        defaultSubcommand: ClientsListCommand.self)
}
