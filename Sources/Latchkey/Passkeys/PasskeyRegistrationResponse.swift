/// A browser's answer to a registration ceremony: the fields of WebAuthn's RegistrationResponseJSON
/// that verification reads, binary fields in base64url as the browser's `toJSON()` writes them.
package struct PasskeyRegistrationResponse: Decodable, Sendable {
    package struct Response: Decodable, Sendable {
        package let clientDataJSON: String
        package let attestationObject: String

        package init(clientDataJSON: String, attestationObject: String) {
            self.clientDataJSON = clientDataJSON
            self.attestationObject = attestationObject
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
