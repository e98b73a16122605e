import ArgumentParser
import Latchkey

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
