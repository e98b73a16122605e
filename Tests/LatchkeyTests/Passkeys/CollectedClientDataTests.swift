import Testing

@testable import Latchkey

@Suite struct CollectedClientDataTests {
    let challenge: [UInt8] = Array(repeating: 9, count: 32)
    let origins = [TestAuthenticator.origin]

    private func check(_ json: String, ceremony: CollectedClientData.Ceremony = .get) throws {
        try CollectedClientData(json: Array(json.utf8)).verify(
            ceremony: ceremony, challenge: challenge, allowedOrigins: origins)
    }

    private var encodedChallenge: String { Base64.urlSafe(challenge) }

    @Test("accepts the right type, challenge and origin, and ignores fields it does not know")
    func accepts() throws {
        try check(#"{"type":"webauthn.get","challenge":"\#(encodedChallenge)","origin":"https://example.com","x":1}"#)
        try check(
            #"{"type":"webauthn.create","challenge":"\#(encodedChallenge)","origin":"https://example.com","crossOrigin":false}"#,
            ceremony: .create)
    }

    @Test("refuses the other ceremony's type")
    func wrongType() {
        #expect(throws: PasskeyError.wrongCeremony) {
            try check(#"{"type":"webauthn.create","challenge":"\#(encodedChallenge)","origin":"https://example.com"}"#)
        }
    }

    @Test("refuses another challenge, a shorter one and one that is not base64url")
    func wrongChallenge() {
        let other = Base64.urlSafe(Array(repeating: 8, count: 32))
        #expect(throws: PasskeyError.challengeMismatch) {
            try check(#"{"type":"webauthn.get","challenge":"\#(other)","origin":"https://example.com"}"#)
        }
        #expect(throws: PasskeyError.challengeMismatch) {
            try check(#"{"type":"webauthn.get","challenge":"CQkJ","origin":"https://example.com"}"#)
        }
        #expect(throws: PasskeyError.malformed("client data challenge is not base64url")) {
            try check(#"{"type":"webauthn.get","challenge":"CQkJ==","origin":"https://example.com"}"#)
        }
    }

    @Test("refuses an origin that is not allowed, even a sub-domain or another scheme")
    func wrongOrigin() {
        for origin in [
            "https://evil.example", "https://a.example.com", "http://example.com", "https://example.com:8443",
        ] {
            #expect(throws: PasskeyError.originNotAllowed) {
                try check(#"{"type":"webauthn.get","challenge":"\#(encodedChallenge)","origin":"\#(origin)"}"#)
            }
        }
    }

    @Test("refuses a cross-origin ceremony whatever its top origin")
    func crossOrigin() {
        #expect(throws: PasskeyError.crossOriginRefused) {
            try check(
                #"{"type":"webauthn.get","challenge":"\#(encodedChallenge)","origin":"https://example.com","crossOrigin":true,"topOrigin":"https://example.com"}"#
            )
        }
    }

    @Test("refuses JSON without the required fields, or not JSON at all")
    func malformed() {
        #expect(throws: PasskeyError.malformed("client data is not the expected JSON")) {
            try check(#"{"type":"webauthn.get","origin":"https://example.com"}"#)
        }
        #expect(throws: PasskeyError.malformed("client data is not the expected JSON")) { try check("not json") }
    }
}
