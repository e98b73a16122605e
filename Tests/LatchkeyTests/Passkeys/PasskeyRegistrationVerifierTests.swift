import Crypto
import Testing

@testable import Latchkey

@Suite struct PasskeyRegistrationVerifierTests {
    let challenge: [UInt8] = Array(repeating: 0x2a, count: 32)
    let relyingParty = PasskeyRelyingParty(
        id: TestAuthenticator.rpID, origins: [TestAuthenticator.origin], requiresUserVerification: false)

    private func verify(
        _ response: PasskeyRegistrationResponse, requireUV: Bool = false,
        algorithms: [COSEAlgorithm] = COSEAlgorithm.allCases
    ) throws(PasskeyError) -> VerifiedPasskeyRegistration {
        let party = PasskeyRelyingParty(
            id: relyingParty.id, origins: relyingParty.origins, requiresUserVerification: requireUV)
        return try PasskeyRegistrationVerifier(relyingParty: party, algorithms: algorithms).verify(
            response, challenge: challenge)
    }

    @Test("accepts a none-attestation registration of each key type", arguments: TestAuthenticator.Kind.allCases)
    func validRegistration(kind: TestAuthenticator.Kind) throws {
        let authenticator = try TestAuthenticator(kind)
        let result = try verify(try authenticator.registration(challenge: challenge))
        #expect(result.credentialID == authenticator.credentialID)
        #expect(result.publicKey == (try authenticator.coseKey()))
        #expect(result.algorithm == authenticator.algorithm)
        #expect(result.signCount == 0)
        #expect(result.userVerified)
        #expect(!result.backupEligible && !result.backedUp)
        #expect(result.aaguid == TestAuthenticator.aaguid)
        #expect(result.attestationFormat == .none)
    }

    @Test("accepts packed self attestation of each key type", arguments: TestAuthenticator.Kind.allCases)
    func packedSelf(kind: TestAuthenticator.Kind) throws {
        let authenticator = try TestAuthenticator(kind)
        let authData = try authenticator.authenticatorData(flags: 0x1d, attested: true)
        let clientData = TestAuthenticator.clientDataJSON(type: "webauthn.create", challenge: challenge)
        let statement = try authenticator.packedSelfStatement(authData: authData, clientData: clientData)
        let result = try verify(
            authenticator.registration(
                challenge: challenge, authData: authData, clientData: clientData, format: "packed", statement: statement
            ))
        #expect(result.attestationFormat == .packedSelf)
        #expect(result.backupEligible && result.backedUp)
    }

    @Test("refuses packed self attestation with a wrong signature or another algorithm")
    func packedSelfRefusals() throws {
        let authenticator = try TestAuthenticator(.es256)
        let authData = try authenticator.authenticatorData(attested: true)
        let clientData = TestAuthenticator.clientDataJSON(type: "webauthn.create", challenge: challenge)
        // Signed over other client data: a valid signature, of the wrong bytes.
        let otherClientData = TestAuthenticator.clientDataJSON(type: "webauthn.create", challenge: [1])
        let wrong = try authenticator.packedSelfStatement(authData: authData, clientData: otherClientData)
        #expect(throws: PasskeyError.invalidAttestation("self attestation signature does not verify")) {
            try verify(
                authenticator.registration(
                    challenge: challenge, authData: authData, clientData: clientData, format: "packed", statement: wrong
                ))
        }
        guard case .map(var entries) = try authenticator.packedSelfStatement(authData: authData, clientData: clientData)
        else { return }
        entries[.text("alg")] = .int(-257)
        #expect(throws: PasskeyError.invalidAttestation("self attestation algorithm is not the credential's")) {
            try verify(
                authenticator.registration(
                    challenge: challenge, authData: authData, clientData: clientData, format: "packed",
                    statement: .map(entries)))
        }
    }

    @Test("refuses a none attestation with a statement, and formats other than none and packed")
    func attestationFormats() throws {
        let authenticator = try TestAuthenticator(.es256)
        #expect(throws: PasskeyError.invalidAttestation("none attestation with a statement")) {
            try verify(authenticator.registration(challenge: challenge, statement: .map([.text("sig"): .bytes([1])])))
        }
        #expect(throws: PasskeyError.unsupportedAttestationFormat("fido-u2f")) {
            try verify(authenticator.registration(challenge: challenge, format: "fido-u2f"))
        }
    }

    @Test("refuses a wrong origin, type or challenge in the client data")
    func clientDataRefusals() throws {
        let authenticator = try TestAuthenticator(.edDSA)
        let wrongOrigin = TestAuthenticator.clientDataJSON(
            type: "webauthn.create", challenge: challenge, origin: "https://evil.example")
        #expect(throws: PasskeyError.originNotAllowed) {
            try verify(authenticator.registration(challenge: challenge, clientData: wrongOrigin))
        }
        let wrongType = TestAuthenticator.clientDataJSON(type: "webauthn.get", challenge: challenge)
        #expect(throws: PasskeyError.wrongCeremony) {
            try verify(authenticator.registration(challenge: challenge, clientData: wrongType))
        }
        // A response to an earlier ceremony: its challenge is not the one issued now.
        let earlier = TestAuthenticator.clientDataJSON(
            type: "webauthn.create", challenge: Array(repeating: 1, count: 32))
        #expect(throws: PasskeyError.challengeMismatch) {
            try verify(authenticator.registration(challenge: challenge, clientData: earlier))
        }
    }

    @Test("refuses authenticator data for another RP ID")
    func wrongRPID() throws {
        let authenticator = try TestAuthenticator(.es256)
        let authData = try authenticator.authenticatorData(rpID: "evil.example", attested: true)
        #expect(throws: PasskeyError.relyingPartyMismatch) {
            try verify(authenticator.registration(challenge: challenge, authData: authData))
        }
    }

    @Test("refuses a registration without user presence, and without verification when it is required")
    func presenceAndVerification() throws {
        let authenticator = try TestAuthenticator(.es256)
        let noPresence = try authenticator.authenticatorData(flags: 0x04, attested: true)
        #expect(throws: PasskeyError.userNotPresent) {
            try verify(authenticator.registration(challenge: challenge, authData: noPresence))
        }
        let presenceOnly = try authenticator.authenticatorData(flags: 0x01, attested: true)
        #expect(throws: PasskeyError.userNotVerified) {
            try verify(authenticator.registration(challenge: challenge, authData: presenceOnly), requireUV: true)
        }
        #expect(try !verify(authenticator.registration(challenge: challenge, authData: presenceOnly)).userVerified)
    }

    @Test("refuses a key whose algorithm was not offered")
    func algorithmNotOffered() throws {
        let authenticator = try TestAuthenticator(.rs256)
        #expect(throws: PasskeyError.algorithmNotOffered) {
            try verify(authenticator.registration(challenge: challenge), algorithms: [.es256, .edDSA])
        }
    }

    @Test("refuses a rawId that is not the id, and a credential ID that is not the authenticator data's")
    func credentialIDs() throws {
        let authenticator = try TestAuthenticator(.es256)
        #expect(throws: PasskeyError.credentialIDMismatch) {
            try verify(authenticator.registration(challenge: challenge, rawID: [9, 9, 9]))
        }
        let other = try TestAuthenticator(.es256, credentialID: [5, 5, 5, 5])
        let response = try authenticator.registration(
            challenge: challenge, authData: other.authenticatorData(attested: true))
        #expect(throws: PasskeyError.credentialIDMismatch) { try verify(response) }
    }

    @Test("refuses a credential type other than public-key and fields that are not base64url")
    func typeAndEncoding() throws {
        let good = try TestAuthenticator(.es256).registration(challenge: challenge)
        #expect(throws: PasskeyError.wrongCredentialType) {
            try verify(
                PasskeyRegistrationResponse(id: good.id, rawId: good.rawId, type: "password", response: good.response))
        }
        #expect(throws: PasskeyError.malformed("attestationObject is not base64url")) {
            try verify(
                PasskeyRegistrationResponse(
                    id: good.id, rawId: good.rawId,
                    response: .init(clientDataJSON: good.response.clientDataJSON, attestationObject: "a+b/")))
        }
    }

    @Test("refuses every truncation of a valid attestation object")
    func truncatedAttestationObject() throws {
        let authenticator = try TestAuthenticator(.es256)
        let good = try authenticator.registration(challenge: challenge)
        let object = try #require(Base64.decodeURLSafe(good.response.attestationObject))
        for length in 0..<object.count {
            let response = PasskeyRegistrationResponse(
                id: good.id, rawId: good.rawId,
                response: .init(
                    clientDataJSON: good.response.clientDataJSON,
                    attestationObject: Base64.urlSafe(Array(object.prefix(length)))))
            #expect(throws: PasskeyError.self) { try verify(response) }
        }
    }

    @Test("refuses a registration whose authenticator data has no credential")
    func noCredential() throws {
        let authenticator = try TestAuthenticator(.es256)
        #expect(throws: PasskeyError.malformed("registration without attested credential data")) {
            try verify(authenticator.registration(challenge: challenge, authData: authenticator.authenticatorData()))
        }
    }
}

extension PasskeyRegistrationVerifierTests {
    @Test("names a refused format only by its lowercase letters, digits and dashes")
    func refusedFormatName() throws {
        let authenticator = try TestAuthenticator(.es256)
        #expect(throws: PasskeyError.unsupportedAttestationFormat("ndroid-key")) {
            try verify(authenticator.registration(challenge: challenge, format: "Android-key\n\u{1b}[\u{202e}"))
        }
    }
}
