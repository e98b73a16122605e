import Testing

@testable import Latchkey

@Suite struct AuthenticatorDataTests {
    @Test("reads the RP ID hash, flags, counter and attested credential data")
    func readsEverything() throws {
        let authenticator = try TestAuthenticator(.es256)
        let bytes = try authenticator.authenticatorData(flags: 0x1d, signCount: 0x0102_0304, attested: true)
        let data = try AuthenticatorData(bytes: bytes)
        #expect(data.isFor(rpID: TestAuthenticator.rpID))
        #expect(!data.isFor(rpID: "example.org"))
        #expect(data.flags == [.userPresent, .userVerified, .backupEligible, .backedUp, .attestedCredentialData])
        #expect(data.signCount == 0x0102_0304)
        #expect(data.attestedCredentialData?.aaguid == TestAuthenticator.aaguid)
        #expect(data.attestedCredentialData?.credentialID == authenticator.credentialID)
        #expect(data.attestedCredentialData?.publicKeyBytes == (try authenticator.coseKey()))
        #expect(data.extensions == nil)
    }

    @Test("reads the extensions that follow the credential public key when ED is set")
    func readsExtensions() throws {
        let authenticator = try TestAuthenticator(.edDSA)
        var bytes = try authenticator.authenticatorData(flags: 0x85, attested: true)
        bytes += CBOREncoder.encode(.map([.text("credProtect"): .int(2)]))
        let data = try AuthenticatorData(bytes: bytes)
        #expect(data.extensions?["credProtect"] == .int(2))
        #expect(data.attestedCredentialData?.publicKeyBytes == (try authenticator.coseKey()))
    }

    @Test("refuses backed up without backup eligible")
    func backedUpWithoutEligible() throws {
        let bytes = try TestAuthenticator(.es256).authenticatorData(flags: 0x15)
        #expect(throws: PasskeyError.malformed("backed up without being backup eligible")) {
            try AuthenticatorData(bytes: bytes)
        }
    }

    @Test("refuses every truncation of valid authenticator data")
    func truncations() throws {
        let authenticator = try TestAuthenticator(.es256)
        var bytes = try authenticator.authenticatorData(flags: 0x85, attested: true)
        bytes += CBOREncoder.encode(.map([.text("credProtect"): .int(2)]))
        for length in 0..<bytes.count {
            #expect(throws: PasskeyError.self) { try AuthenticatorData(bytes: Array(bytes.prefix(length))) }
        }
    }

    @Test("refuses bytes after the data when ED is not set, and ED set with no extension map")
    func flagAndLengthInconsistencies() throws {
        let authenticator = try TestAuthenticator(.es256)
        let plain = try authenticator.authenticatorData()
        #expect(throws: PasskeyError.malformed("trailing bytes after authenticator data")) {
            try AuthenticatorData(bytes: plain + [0xa0])
        }
        var withED = plain
        withED[32] |= 0x80
        #expect(throws: PasskeyError.malformed("extensions: truncated")) { try AuthenticatorData(bytes: withED) }
        #expect(throws: PasskeyError.malformed("extensions are not a map")) {
            try AuthenticatorData(bytes: withED + [0x01])
        }
        // AT set on data that has none: what follows the counter is not a credential.
        var withAT = plain
        withAT[32] |= 0x40
        #expect(throws: PasskeyError.malformed("attested credential data truncated")) {
            try AuthenticatorData(bytes: withAT)
        }
    }

    @Test("refuses a credential ID longer than 1023 bytes or empty")
    func credentialIDLengths() throws {
        let long = try TestAuthenticator(.es256, credentialID: Array(repeating: 1, count: 1024))
        #expect(throws: PasskeyError.malformed("credential ID too long")) {
            try AuthenticatorData(bytes: long.authenticatorData(attested: true))
        }
        let longest = try TestAuthenticator(.es256, credentialID: Array(repeating: 1, count: 1023))
        #expect(try AuthenticatorData(bytes: longest.authenticatorData(attested: true)).attestedCredentialData != nil)
        let empty = try TestAuthenticator(.es256, credentialID: [])
        #expect(throws: PasskeyError.malformed("empty credential ID")) {
            try AuthenticatorData(bytes: empty.authenticatorData(attested: true))
        }
    }
}
