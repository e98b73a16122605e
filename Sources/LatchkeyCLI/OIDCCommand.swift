import ArgumentParser

/// `latchkey oidc`: the OpenID provider's operator commands.
struct OIDCCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "oidc", abstract: "The OpenID Connect provider's signing keys.",
        discussion: """
            Latchkey signs the tokens of its OpenID Connect provider with its own keys (RS256, \
            ES256 and EdDSA), sealed in the database under the installation key. The first keys \
            are made when first needed; latchkey-server's provider publishes them at /oauth2/jwks.

            Examples:
              latchkey oidc keys
              latchkey oidc rotate-key --grace 2d
              latchkey oidc jwks
            """,
        subcommands: [OIDCKeysCommand.self, OIDCRotateKeyCommand.self, OIDCJWKSCommand.self])
}
