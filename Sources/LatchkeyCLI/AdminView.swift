import ArgumentParser
import Foundation
import Latchkey

/// Shows the Admin scene's view models.
final class AdminView: CommandView, AdminDisplayLogic {
    /// `admin tokens`: only the account's tokens, from the same answer as `admin show`.
    private let tokensOnly: Bool

    init(json: Bool, tokensOnly: Bool = false) {
        self.tokensOnly = tokensOnly
        super.init(json: json)
    }

    /// Shows `username`'s account, or with `tokensOnly` its access tokens alone.
    static func show(_ root: CompositionRoot, _ options: GlobalOptions, _ username: String, tokensOnly: Bool = false)
        throws(CLIError)
    {
        let view = AdminView(json: options.json, tokensOnly: tokensOnly)
        try root.sceneFactory().makeAdminScene(display: view).interactor.showUser(request: .init(username: username))
        try view.finish()
    }

    /// Applies `action` to `username`'s account in the name of the operating-system user, and shows
    /// what it did.
    static func act(_ root: CompositionRoot, _ options: GlobalOptions, _ username: String, _ action: Admin.Act.Action)
        throws(CLIError)
    {
        let view = AdminView(json: options.json)
        try root.sceneFactory().makeAdminScene(display: view).interactor.act(
            request: .init(username: username, action: action, actor: AdminCommand.operatorName()))
        try view.finish()
    }

    func displayUsers(viewModel: Admin.ListUsers.ViewModel) {
        switch viewModel {
        case .success(let accounts):
            show(
                message: nil, json: JSONOutput.Accounts(users: accounts),
                text: accounts.isEmpty ? "No accounts." : accounts.map(Self.line).joined(separator: "\n"))
        case .failure(let failure):
            record(failure)
        }
    }

    func displayUser(viewModel: Admin.ShowUser.ViewModel) {
        switch viewModel {
        case .success(let detail):
            let tokens = detail.accessTokens
            if tokensOnly {
                show(
                    message: nil, json: JSONOutput.TokenList(tokens: tokens),
                    text: tokens.isEmpty ? "No access tokens." : tokens.map(TokensView.line).joined(separator: "\n"))
                return
            }
            var lines = [Self.line(detail.account)]
            lines += detail.sessions.map {
                "  session \($0.id)  \(TerminalEscaping.escape($0.label ?? "(no label)"))  since "
                    + "\(DateText.format($0.created)), ends \(DateText.format($0.expires))"
            }
            lines += tokens.map { "  token \(TokensView.line($0))" }
            lines += detail.passkeys.map { "  passkey \(PasskeysView.line($0))" }
            lines += detail.events.indices.map {
                "  \(DateText.format(detail.events[$0].time))  \(detail.events[$0].description)"
            }
            show(message: nil, json: JSONOutput.AccountDetail(detail), text: lines.joined(separator: "\n"))
        case .failure(let failure):
            record(failure)
        }
    }

    func displayAction(viewModel: Admin.Act.ViewModel) {
        switch viewModel {
        case .success(let result):
            let message = AdministrationText.message(result)
            show(message: message, json: JSONOutput.Administered(message: message, result: result), text: nil)
        case .failure(let failure):
            record(failure)
        }
    }

    private static func line(_ account: AccountSummary) -> String {
        var flags: [String] = []
        if account.disabled { flags.append("disabled") }
        if account.locked { flags.append("locked") }
        if account.passwordChangeRequired { flags.append("must change password") }
        if account.secondFactor { flags.append("second factor, \(account.recoveryCodesLeft) recovery codes") }
        if let scheme = account.importedHash { flags.append("imported \(scheme) hash") }
        let name =
            TerminalEscaping.escape(account.username)
            + (account.displayName.map { " (\(TerminalEscaping.escape($0)))" } ?? "")
        return [
            name, account.email.map(TerminalEscaping.escape) ?? "-", account.phone ?? "-",
            "since \(DateText.format(account.created))",
            "last sign-in \(account.lastSignIn.map(DateText.format) ?? "never")",
            "roles: " + (account.roles.isEmpty ? "none" : account.roles.joined(separator: ",")),
        ].joined(separator: "  ") + (flags.isEmpty ? "" : "  [" + flags.joined(separator: ", ") + "]")
    }
}
