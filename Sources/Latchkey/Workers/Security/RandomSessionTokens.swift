/// Tokens from 32 bytes of libsodium's `randombytes_buf`.
package struct RandomSessionTokens: SessionTokenGenerating {
    /// A generator over the system's CSPRNG.
    package init() {}

    package func makeToken() -> SessionToken {
        SessionToken(SessionToken.prefix + Base64.urlSafe(RandomBytes.make(32)))!
    }
}
