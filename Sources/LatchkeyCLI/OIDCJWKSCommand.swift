import ArgumentParser
import Latchkey

/// `latchkey oidc jwks`: the published key set, as relying parties will fetch it.
struct OIDCJWKSCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "jwks", abstract: "Print the published key set (JWKS), making the first keys if none exist.",
        discussion: """
            The public keys of every key not retired: the next, the signing and the previous ones.

            Examples:
              latchkey oidc jwks
            """)

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        let view = SigningKeysView(json: options.json)
        try root.sceneFactory().makeSigningKeysScene(display: view).interactor.publish(request: .init())
        try view.finish()
    }
}
