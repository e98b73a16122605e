import ArgumentParser
import Latchkey

/// `latchkey tokens`: personal access tokens for scripts and services (the AccessTokens scene's
/// display). Only a session may manage them.
struct TokensCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokens",
        abstract: "Create, list and revoke personal access tokens for scripts and services.",
        discussion: """
            A script acts with a token through LATCHKEY_TOKEN (or as a bearer token against
            latchkey-server). A token carries some of your roles and may use those you still hold.

            Examples:
              latchkey tokens create deploy --role deploy --expires-in 30d
              latchkey tokens list
              latchkey tokens revoke 3fa94c1e
            """,
        subcommands: [TokensListCommand.self, TokensCreateCommand.self, TokensRevokeCommand.self],
        defaultSubcommand: TokensListCommand.self)
}

/// `latchkey tokens create NAME [--role ROLE]… [--expires-in DURATION]`.
struct TokensCreateCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "create", abstract: "Create a token and print it, this once.",
        discussion: """
            --expires-in takes 45m, 12h, 90d, 8w or never (never only where the policy allows it);
            by default 90 days.

            Examples:
              latchkey tokens create "ci deploy" --role deploy --expires-in 30d
              latchkey tokens create backup --json
            """)

    @Argument(help: "A name to know it by (1 to 64 characters).")
    var name: String

    @Option(help: "A role of yours the token carries; repeatable.")
    var role: [String] = []

    @Option(help: "When it stops working: 45m, 12h, 90d, 8w or never.")
    var expiresIn: String?

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        if let expiresIn, AccessTokens.Expiry(expiresIn) == nil {
            throw ValidationError("--expires-in takes a number with m, h, d or w (such as 90d), or never.")
        }
    }

    func execute(_ root: CompositionRoot) throws(CLIError) {
        let expiry = expiresIn.flatMap(AccessTokens.Expiry.init) ?? .policyDefault
        try TokensView.run(root, options) { interactor, token in
            interactor.createToken(request: .init(token: token, name: name, roles: role, expiry: expiry))
        }
    }
}

/// `latchkey tokens [list]`.
struct TokensListCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List your tokens that still work, newest first.",
        discussion: "Examples:\n  latchkey tokens\n  latchkey tokens list --json")

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        try TokensView.run(root, options) { interactor, token in interactor.fetchTokens(request: .init(token: token)) }
    }
}

/// `latchkey tokens revoke ID`.
struct TokensRevokeCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke", abstract: "Revoke one of your tokens by its id.",
        discussion: "Examples:\n  latchkey tokens revoke 3fa94c1e")

    @Argument(help: "The token's id, as 'latchkey tokens list' shows it.")
    var id: String

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        try TokensView.run(root, options) { interactor, token in
            interactor.revokeToken(request: .init(token: token, id: id))
        }
    }
}

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
