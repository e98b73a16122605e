import ArgumentParser
import Latchkey

/// `latchkey clients add NAME --redirect-uri URI… [--public] [--first-party] [--scope S]…
/// [--post-logout-redirect-uri URI]…`: prints the client ID and, for a confidential client, its
/// secret, this once.
struct ClientsAddCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Register a client; print its client ID and secret (the secret this once).",
        discussion: """
            Redirect URIs are absolute https:// URIs, or http:// to 127.0.0.1, [::1] or localhost \
            (for native apps, RFC 8252); no fragment, user name or wildcard. They are matched \
            exactly as given, so give each one exactly as the application sends it (at most 10 of \
            each kind). Scopes: openid (always), profile, email, roles. A --public client (a \
            browser or native app that cannot keep a secret) gets no secret. A --first-party \
            client skips the consent screen.

            Examples:
              latchkey clients add wiki --redirect-uri https://wiki.example.com/cb
              latchkey clients add cli --public --redirect-uri http://127.0.0.1:8765/cb
            """)

    @Argument(help: "A name to know it by (1 to 64 characters, unique in any case).")
    var name: String

    @Option(name: .customLong("redirect-uri"), help: "Where sign-ins may return to; repeatable (at least one).")
    var redirectURI: [String] = []

    @Option(name: .customLong("post-logout-redirect-uri"), help: "Where sign-outs may return to; repeatable.")
    var postLogoutRedirectURI: [String] = []

    @Option(help: "A scope it may ask for beyond openid: profile, email or roles; repeatable.")
    var scope: [String] = []

    @Flag(name: .customLong("public"), help: "A client that cannot keep a secret (it gets none and must use PKCE).")
    var `public` = false

    @Flag(help: "Trusted to skip the consent screen.")
    var firstParty = false

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        let view = ClientsView(json: options.json)
        try root.sceneFactory().makeClientsScene(display: view).interactor.add(
            request: .init(
                name: name, redirectURIs: redirectURI, postLogoutRedirectURIs: postLogoutRedirectURI, scopes: scope,
                isPublic: `public`, isFirstParty: firstParty, authority: .operator(AdminCommand.operatorName())))
        try view.finish()
    }
}
