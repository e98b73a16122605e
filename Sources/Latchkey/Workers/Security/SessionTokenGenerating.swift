/// Makes new session tokens.
package protocol SessionTokenGenerating: Sendable {
    /// A new, unguessable token.
    func makeToken() -> SessionToken
}
