/// A browser's answer to a sign-in ceremony: the fields of WebAuthn's AuthenticationResponseJSON
/// that verification reads, binary fields in base64url as the browser's `toJSON()` writes them.
package struct PasskeyAuthenticationResponse: Decodable, Sendable {
    package struct Response: Decodable, Sendable {
        package let clientDataJSON: String
        package let authenticatorData: String
        package let signature: String
        package let userHandle: String?

        package init(clientDataJSON: String, authenticatorData: String, signature: String, userHandle: String?) {
            self.clientDataJSON = clientDataJSON
            self.authenticatorData = authenticatorData
            self.signature = signature
            self.userHandle = userHandle
        }
    }

    package let id: String
    package let rawId: String
    package let type: String
    package let response: Response

    package init(id: String, rawId: String, type: String = "public-key", response: Response) {
        self.id = id
        self.rawId = rawId
        self.type = type
        self.response = response
    }
}
