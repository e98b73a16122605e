import Foundation
import Latchkey

/// Shows the Clients scene's view models: a secret on standard output with a message on standard
/// error; the list as a table; one client as labelled lines; a removal as a message.
final class ClientsView: CommandView, ClientsDisplayLogic {
    func displayAdded(viewModel: Clients.Add.ViewModel) {
        switch viewModel {
        case .success(let added):
            let name = TerminalEscaping.escape(added.client.name)
            let message =
                added.clientSecret == nil
                ? "Added the public client \(name): it has no secret, and must use PKCE."
                : "Added the client \(name). Copy its secret now: it is not shown again."
            var lines = ["Client ID:      " + added.client.clientID]
            if let secret = added.clientSecret { lines.append("Client secret:  " + secret) }
            show(message: message, json: added, text: lines.joined(separator: "\n"))
        case .failure(let failure): record(failure)
        }
    }

    func displayClients(viewModel: Clients.List.ViewModel) {
        switch viewModel {
        case .success(let clients):
            show(
                message: nil, json: JSONOutput.OIDCClients(clients: clients),
                text: clients.isEmpty ? "No clients." : table(clients))
        case .failure(let failure): record(failure)
        }
    }

    func displayClient(viewModel: Clients.Show.ViewModel) {
        switch viewModel {
        case .success(let client): show(message: nil, json: client, text: Self.card(client))
        case .failure(let failure): record(failure)
        }
    }

    func displayRemoved(viewModel: Clients.Remove.ViewModel) {
        switch viewModel {
        case .success(let removed):
            let message =
                "Removed the client \(TerminalEscaping.escape(removed.name)) (\(removed.clientID)): "
                + "its client ID and secret no longer work."
            show(message: message, json: JSONOutput.OIDCClientRemoved(message: message, removed: removed), text: nil)
        case .failure(let failure): record(failure)
        }
    }

    func displayRotated(viewModel: Clients.RotateSecret.ViewModel) {
        switch viewModel {
        case .success(let rotated):
            let message =
                "New secret for the client \(TerminalEscaping.escape(rotated.client.name)); the old one no "
                + "longer works. Copy it now: it is not shown again."
            show(message: message, json: rotated, text: rotated.clientSecret ?? "")
        case .failure(let failure): record(failure)
        }
    }

    /// One row per client under a header.
    private func table(_ clients: [OIDCClientSummary]) -> String {
        let header = ["NAME", "CLIENT ID", "TYPE", "SCOPES", "REDIRECT URIS"]
        return TextTable.render(
            [header]
                + clients.map { client in
                    [
                        TerminalEscaping.escape(client.name), client.clientID, Self.type(client),
                        client.scopes.joined(separator: ","),
                        client.redirectURIs.map(TerminalEscaping.escape).joined(separator: " "),
                    ]
                })
    }

    /// Confidential or public, and first-party when it is.
    private static func type(_ client: OIDCClientSummary) -> String {
        (client.isPublic ? "public" : "confidential") + (client.isFirstParty ? ",first-party" : "")
    }

    /// A client as labelled lines, one per URI.
    private static func card(_ client: OIDCClientSummary) -> String {
        var lines = [
            ("Name", TerminalEscaping.escape(client.name)), ("Client ID", client.clientID), ("Type", type(client)),
            ("Scopes", client.scopes.joined(separator: " ")),
        ]
        lines += client.redirectURIs.map { ("Redirect URI", TerminalEscaping.escape($0)) }
        lines += client.postLogoutRedirectURIs.map { ("Post-logout URI", TerminalEscaping.escape($0)) }
        lines.append(("Created", DateText.format(client.created)))
        lines.append(("Created by", client.createdBy.map(TerminalEscaping.escape) ?? "the operator"))
        if !client.isPublic {
            lines.append(("Secret replaced", client.secretRotated.map(DateText.format) ?? "never"))
        }
        return lines.map { ($0.0 + ":").padding(toLength: 17, withPad: " ", startingAt: 0) + $0.1 }
            .joined(separator: "\n")
    }
}
