import ArgumentParser
import Foundation
import Latchkey

/// `latchkey admin …`: the operator's commands (the Admin scene's display). Whoever can open the
/// database is the operator, as with Django's `manage.py`; each action is audited with the OS user.
struct AdminCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "admin",
        abstract:
            "Run the user base: list, show, disable, enable, unlock, expire a password, delete, set a password, roles.",
        discussion: """
            No sign-in is needed: access to the database file (or the server's credentials) is the \
            authority, and every action is audited with the operating-system user who ran it. \
            An unknown user exits 65.

            Examples:
              latchkey admin users --search ali
              latchkey admin show alice --json
              latchkey admin disable alice
              latchkey admin roles alice --add editor --remove viewer
            """,
        subcommands: [
            AdminUsersCommand.self, AdminShowCommand.self, AdminActionCommand<Disable>.self,
            AdminActionCommand<Enable>.self, AdminActionCommand<Unlock>.self, AdminActionCommand<ExpirePassword>.self,
            AdminActionCommand<Delete>.self, AdminSetPasswordCommand.self, AdminRolesCommand.self,
            AdminActionCommand<ResetSecondFactor>.self, AdminTokensCommand.self, AdminRevokeTokenCommand.self,
            AdminResetCodeCommand.self, AdminImportCommand.self,
        ])

    /// The operating-system user running the command, for the audit trail.
    static func operatorName() -> AuthEvent.Operator {
        AuthEvent.Operator(osUser: LocalClient.osUserName())
    }
}

/// `latchkey admin users`.
struct AdminUsersCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "users", abstract: "List accounts (email and phone masked).",
        discussion: "Examples:\n  latchkey admin users\n  latchkey admin users --search ali --limit 10 --json")

    @Option(help: "Only accounts whose username, email or display name holds this text.")
    var search: String?

    @Option(help: "How many to list (1 to \(SecurityPolicy.maximumHistoryLimit)).")
    var limit = 100

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        guard (1...SecurityPolicy.maximumHistoryLimit).contains(limit) else {
            throw ValidationError("--limit takes a number from 1 to \(SecurityPolicy.maximumHistoryLimit).")
        }
    }

    func execute(_ root: CompositionRoot) throws(CLIError) {
        let view = AdminView(json: options.json)
        try root.sceneFactory().makeAdminScene(display: view).interactor.listUsers(
            request: .init(search: search, limit: limit))
        try view.finish()
    }
}

/// `latchkey admin show USER`.
struct AdminShowCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show one account, its live sessions and its last 20 events.",
        discussion: "Examples:\n  latchkey admin show alice\n  latchkey admin show alice --json")

    @Argument(help: "The username.")
    var username: String

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        try AdminView.show(root, options, username)
    }
}

/// `latchkey admin tokens USER`.
struct AdminTokensCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokens", abstract: "List a user's personal access tokens that still work.",
        discussion: "Examples:\n  latchkey admin tokens alice\n  latchkey admin tokens alice --json")

    @Argument(help: "The username.")
    var username: String

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        try AdminView.show(root, options, username, tokensOnly: true)
    }
}

/// `latchkey admin revoke-token USER ID`: ids are short and per user, as for sessions.
struct AdminRevokeTokenCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke-token", abstract: "Revoke one of a user's personal access tokens by its id.",
        discussion: "Examples:\n  latchkey admin revoke-token alice 3fa94c1e")

    @Argument(help: "The username.")
    var username: String

    @Argument(help: "The token's id, as 'latchkey admin tokens USER' shows it.")
    var id: String

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        try AdminView.act(root, options, username, .revokeToken(id: id))
    }
}

/// One account action with no other input.
protocol SimpleAdminAction {
    static var name: String { get }
    static var abstract: String { get }
    static var action: Admin.Act.Action { get }
}

enum Disable: SimpleAdminAction {
    static let name = "disable"
    static let abstract = "Refuse every sign-in of the account and end all its sessions."
    static let action = Admin.Act.Action.disable
}

enum Enable: SimpleAdminAction {
    static let name = "enable"
    static let abstract = "Let a disabled account sign in again."
    static let action = Admin.Act.Action.enable
}

enum Unlock: SimpleAdminAction {
    static let name = "unlock"
    static let abstract = "Clear the sign-in lock (too many attempts) of the name."
    static let action = Admin.Act.Action.unlock
}

enum ExpirePassword: SimpleAdminAction {
    static let name = "expire-password"
    static let abstract = "Require a new password at the next sign-in (like chage -d 0)."
    static let action = Admin.Act.Action.expirePassword
}

enum Delete: SimpleAdminAction {
    static let name = "delete"
    static let abstract = "Erase the account; its audit events keep a pseudonym."
    static let action = Admin.Act.Action.delete
}

enum ResetSecondFactor: SimpleAdminAction {
    static let name = "mfa-reset"
    static let abstract = "Remove the second factor and recovery codes of a user who lost both."
    static let action = Admin.Act.Action.resetSecondFactor
}

/// `latchkey admin disable|enable|unlock|expire-password|delete USER`.
struct AdminActionCommand<Kind: SimpleAdminAction>: LatchkeyCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: Kind.name, abstract: Kind.abstract,
            discussion: "Examples:\n  latchkey admin \(Kind.name) alice\n  latchkey admin \(Kind.name) alice --json")
    }

    @Argument(help: "The username.")
    var username: String

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        try AdminView.act(root, options, username, Kind.action)
    }
}

/// `latchkey admin set-password USER [--password-stdin]`.
struct AdminSetPasswordCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-password",
        abstract: "Set a user's password (through the same rules) and end all their sessions.",
        discussion: """
            Examples:
              latchkey admin set-password alice
              printf '%s\\n' 'a new long passphrase' | latchkey admin set-password alice --password-stdin
            """)

    @Argument(help: "The username.")
    var username: String

    @Flag(help: "Read the new password as one line from standard input.")
    var passwordStdin = false

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        let password = try PasswordInput(fromStandardInput: passwordStdin).read(prompt: "New password", confirm: true)
        try AdminView.act(root, options, username, .setPassword(password))
    }
}

/// `latchkey admin roles USER [--add ROLE]… [--remove ROLE]…`.
struct AdminRolesCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "roles", abstract: "Show a user's roles, or add and remove some.",
        discussion: "Examples:\n  latchkey admin roles alice\n  latchkey admin roles alice --add editor --remove viewer"
    )

    @Argument(help: "The username.")
    var username: String

    @Option(help: "A role to add (named like a username); may be repeated.")
    var add: [String] = []

    @Option(help: "A role to remove; may be repeated.")
    var remove: [String] = []

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        try AdminView.act(root, options, username, .roles(add: add, remove: remove))
    }
}

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
