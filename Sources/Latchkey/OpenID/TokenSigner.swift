package import JWTKit

/// Signs the OpenID provider's tokens as compact JWS through jwt-kit, with one of its keys.
/// Signing is async (jwt-kit's key collection is an actor), so it runs after the scene that
/// decided what to sign, off the storage lanes.
package enum TokenSigner {
    /// `payload` signed with `material` under `kid`, with `typ` in the header (`JWT` for ID
    /// tokens, `at+jwt` for access tokens, RFC 9068).
    package static func sign(
        _ payload: some JWTPayload, with material: SigningKeyMaterial, kid: String, type: String = "JWT"
    ) async throws -> String {
        let keys = JWTKeyCollection()
        try await material.add(to: keys, kid: kid)
        var header = JWTHeader()
        header.typ = type
        return try await keys.sign(payload, kid: JWKIdentifier(string: kid), header: header)
    }
}
