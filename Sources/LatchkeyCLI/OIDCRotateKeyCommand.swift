import ArgumentParser
import Latchkey

/// `latchkey oidc rotate-key`: the next key signs, the one before stays published for the grace
/// period, and a new next key is published. Audited with the operating-system user.
struct OIDCRotateKeyCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "rotate-key", abstract: "Rotate the signing keys.",
        discussion: """
            For each algorithm, the key published as next starts signing; the key that signed until \
            now stays published for the grace period (so tokens it signed still verify), then \
            retires; a new next key is published. Relying parties that cache the key set already \
            have the key that now signs: a next key published less than an hour ago is not made \
            to sign without --force.

            Examples:
              latchkey oidc rotate-key
              latchkey oidc rotate-key --grace 2d
              latchkey oidc rotate-key --force --grace 1h
            """)

    @Option(
        help:
            "How long the key that signed until now stays published: 45m, 12h, 7d (1 hour to 30 days; 1d by default)."
    )
    var grace: String?

    @Flag(help: "Rotate even if the next key was published less than an hour ago (a leaked key).")
    var force = false

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        if let grace, duration(grace) == nil {
            throw ValidationError("--grace takes a number with m, h, d or w, such as 1d.")
        }
    }

    func execute(_ root: CompositionRoot) throws(CLIError) {
        let view = SigningKeysView(json: options.json)
        try root.sceneFactory().makeSigningKeysScene(display: view).interactor.rotate(
            request: .init(
                authority: .operator(AdminCommand.operatorName()), grace: grace.flatMap(duration), force: force))
        try view.finish()
    }

    private func duration(_ text: String) -> Duration? {
        if case .after(let duration) = AccessTokenExpiry(text) { duration } else { nil }
    }
}
