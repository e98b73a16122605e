import Testing

@testable import Latchkey

@Suite struct PasskeyAssertionVerifierTests {
    let challenge: [UInt8] = Array(repeating: 0x51, count: 32)

    private func verify(
        _ response: PasskeyAuthenticationResponse, key: [UInt8], stored: UInt32 = 0, requireUV: Bool = false
    ) throws(PasskeyError) -> VerifiedPasskeyAssertion {
        let party = PasskeyRelyingParty(
            id: TestAuthenticator.rpID, origins: [TestAuthenticator.origin], requiresUserVerification: requireUV)
        return try PasskeyAssertionVerifier(relyingParty: party).verify(
            response, challenge: challenge, publicKey: key, storedSignCount: stored)
    }

    @Test("accepts an assertion signed by each key type", arguments: TestAuthenticator.Kind.allCases)
    func validAssertion(kind: TestAuthenticator.Kind) throws {
        let authenticator = try TestAuthenticator(kind)
        let authData = try authenticator.authenticatorData(flags: 0x1d, signCount: 8)
        let result = try verify(
            authenticator.assertion(challenge: challenge, authData: authData), key: authenticator.coseKey(), stored: 7,
            requireUV: true)
        #expect(result.credentialID == authenticator.credentialID)
        #expect(result.signCount == 8)
        #expect(result.userVerified && result.backupEligible && result.backedUp)
        #expect(result.userHandle == [7, 7])
        #expect(
            try PasskeyAssertionVerifier.credentialID(of: authenticator.assertion(challenge: challenge))
                == authenticator.credentialID)
    }

    @Test("accepts an authenticator that keeps no counter: zero stored and zero received")
    func noCounter() throws {
        let authenticator = try TestAuthenticator(.edDSA)
        let authData = try authenticator.authenticatorData(signCount: 0)
        let result = try verify(
            authenticator.assertion(challenge: challenge, authData: authData), key: authenticator.coseKey())
        #expect(result.signCount == 0)
    }

    @Test("refuses a valid signature whose counter did not move forward, naming both counters")
    func counterBackwards() throws {
        let authenticator = try TestAuthenticator(.es256)
        for (stored, received) in [(UInt32(5), UInt32(5)), (5, 4), (5, 0)] {
            let authData = try authenticator.authenticatorData(signCount: received)
            #expect(throws: PasskeyError.counterWentBackwards(stored: stored, received: received)) {
                try verify(
                    authenticator.assertion(challenge: challenge, authData: authData), key: authenticator.coseKey(),
                    stored: stored)
            }
        }
    }

    @Test("refuses a tampered signature, tampered data and another key's signature before looking at the counter")
    func tampered() throws {
        let authenticator = try TestAuthenticator(.es256)
        let good = try authenticator.assertion(challenge: challenge)
        var signature = try #require(Base64.decodeURLSafe(good.response.signature))
        signature[signature.count - 1] ^= 1
        let tamperedSignature = PasskeyAuthenticationResponse(
            id: good.id, rawId: good.rawId,
            response: .init(
                clientDataJSON: good.response.clientDataJSON, authenticatorData: good.response.authenticatorData,
                signature: Base64.urlSafe(signature), userHandle: nil))
        #expect(throws: PasskeyError.invalidSignature) { try verify(tamperedSignature, key: authenticator.coseKey()) }
        // The counter raised after signing: the signature no longer covers the data.
        var authData = try #require(Base64.decodeURLSafe(good.response.authenticatorData))
        authData[36] = 0x63
        let tamperedData = PasskeyAuthenticationResponse(
            id: good.id, rawId: good.rawId,
            response: .init(
                clientDataJSON: good.response.clientDataJSON, authenticatorData: Base64.urlSafe(authData),
                signature: good.response.signature, userHandle: nil))
        #expect(throws: PasskeyError.invalidSignature) {
            try verify(tamperedData, key: authenticator.coseKey(), stored: 50)
        }
        let other = try TestAuthenticator(.es256)
        #expect(throws: PasskeyError.invalidSignature) { try verify(good, key: other.coseKey(), stored: 50) }
    }

    @Test("refuses a wrong origin, type or challenge, and another RP ID")
    func contextRefusals() throws {
        let authenticator = try TestAuthenticator(.rs256)
        let key = try authenticator.coseKey()
        let origin = TestAuthenticator.clientDataJSON(
            type: "webauthn.get", challenge: challenge, origin: "https://evil.example")
        #expect(throws: PasskeyError.originNotAllowed) {
            try verify(authenticator.assertion(challenge: challenge, clientData: origin), key: key)
        }
        let type = TestAuthenticator.clientDataJSON(type: "webauthn.create", challenge: challenge)
        #expect(throws: PasskeyError.wrongCeremony) {
            try verify(authenticator.assertion(challenge: challenge, clientData: type), key: key)
        }
        let reused = TestAuthenticator.clientDataJSON(type: "webauthn.get", challenge: Array(repeating: 3, count: 32))
        #expect(throws: PasskeyError.challengeMismatch) {
            try verify(authenticator.assertion(challenge: challenge, clientData: reused), key: key)
        }
        let rp = try authenticator.authenticatorData(rpID: "evil.example", signCount: 1)
        #expect(throws: PasskeyError.relyingPartyMismatch) {
            try verify(authenticator.assertion(challenge: challenge, authData: rp), key: key)
        }
    }

    @Test("refuses an assertion without user presence, and without verification when it is required")
    func flags() throws {
        let authenticator = try TestAuthenticator(.edDSA)
        let key = try authenticator.coseKey()
        let noUP = try authenticator.authenticatorData(flags: 0x04, signCount: 1)
        #expect(throws: PasskeyError.userNotPresent) {
            try verify(authenticator.assertion(challenge: challenge, authData: noUP), key: key)
        }
        let noUV = try authenticator.authenticatorData(flags: 0x01, signCount: 1)
        #expect(throws: PasskeyError.userNotVerified) {
            try verify(authenticator.assertion(challenge: challenge, authData: noUV), key: key, requireUV: true)
        }
        let bsWithoutBE = try authenticator.authenticatorData(flags: 0x15, signCount: 1)
        #expect(throws: PasskeyError.malformed("backed up without being backup eligible")) {
            try verify(authenticator.assertion(challenge: challenge, authData: bsWithoutBE), key: key)
        }
    }

    @Test("refuses a rawId that is not the id, another credential type and truncated authenticator data")
    func shapeRefusals() throws {
        let authenticator = try TestAuthenticator(.es256)
        let key = try authenticator.coseKey()
        let good = try authenticator.assertion(challenge: challenge)
        #expect(throws: PasskeyError.credentialIDMismatch) {
            try verify(PasskeyAuthenticationResponse(id: good.id, rawId: "AAAA", response: good.response), key: key)
        }
        #expect(throws: PasskeyError.wrongCredentialType) {
            try verify(
                PasskeyAuthenticationResponse(id: good.id, rawId: good.rawId, type: "x", response: good.response),
                key: key)
        }
        let authData = try #require(Base64.decodeURLSafe(good.response.authenticatorData))
        for length in 0..<authData.count {
            let truncated = PasskeyAuthenticationResponse(
                id: good.id, rawId: good.rawId,
                response: .init(
                    clientDataJSON: good.response.clientDataJSON,
                    authenticatorData: Base64.urlSafe(Array(authData.prefix(length))),
                    signature: good.response.signature, userHandle: nil))
            #expect(throws: PasskeyError.malformed("authenticator data truncated")) { try verify(truncated, key: key) }
        }
    }
}
