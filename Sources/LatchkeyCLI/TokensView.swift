import ArgumentParser
import Latchkey

/// Shows the AccessTokens scene's results.
final class TokensView: CommandView, AccessTokensDisplayLogic {
    /// Gives `work` the AccessTokens scene's interactor and the session's token, then shows what the
    /// scene presented: the `tokens` commands differ only in the request they make.
    static func run(
        _ root: CompositionRoot, _ options: GlobalOptions,
        _ work: (any AccessTokensBusinessLogic, SessionToken?) -> Void
    ) throws(CLIError) {
        let token = try root.sessionToken(for: "manage access tokens")
        let view = TokensView(json: options.json)
        work(try root.sceneFactory().makeAccessTokensScene(display: view).interactor, token)
        try view.finish()
    }

    func displayCreated(viewModel: AccessTokens.Create.ViewModel) {
        switch viewModel {
        case .success(let created):
            show(
                message: nil, json: created,
                text: created.token + "\n"
                    + "Created \(Self.describe(created.summary)). Copy it now: it is not shown again.")
        case .failure(let failure):
            record(failure)
        }
    }

    func displayTokens(viewModel: AccessTokens.List.ViewModel) {
        switch viewModel {
        case .success(let tokens):
            show(
                message: nil, json: JSONOutput.TokenList(tokens: tokens),
                text: tokens.isEmpty ? "No access tokens." : tokens.map(Self.line).joined(separator: "\n"))
        case .failure(let failure):
            record(failure)
        }
    }

    func displayRevocation(viewModel: AccessTokens.Revoke.ViewModel) {
        switch viewModel {
        case .success(let token):
            let message = "Revoked the access token \(TerminalEscaping.escape(token.name))."
            show(message: message, json: JSONOutput.Revoked(message: message, accessToken: token), text: nil)
        case .failure(let failure):
            record(failure)
        }
    }

    /// One token as `tokens list` and `admin tokens` show it.
    static func line(_ token: AccessTokenSummary) -> String {
        var text = token.id + "  " + describe(token)
        text +=
            "\n      created \(DateText.format(token.created)), expires \(token.expires.map(DateText.format) ?? "never")"
        text += ", last used \(token.lastUsed.map(DateText.format) ?? "never")"
        let origin = [token.lastUsedAddress, token.lastUsedUserAgent.map { "(\($0))" }].compactMap { $0 }
        if !origin.isEmpty { text += " from " + TerminalEscaping.escape(origin.joined(separator: " ")) }
        return text
    }

    /// "NAME (roles: a, b)", the name escaped for the terminal.
    private static func describe(_ token: AccessTokenSummary) -> String {
        TerminalEscaping.escape(token.name)
            + (token.roles.isEmpty ? " (no roles)" : " (roles: \(token.roles.joined(separator: ", ")))")
    }
}
