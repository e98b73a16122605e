import Crypto
import Foundation
import Testing

@testable import Latchkey

/// The fuzz corpus (Fuzz/Corpus/webauthn) replayed through every parser, as the fuzz target runs them:
/// each input gives a value or a typed error, never a crash.
@Suite struct PasskeyFuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/webauthn")

    static func files() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: corpus, includingPropertiesForKeys: nil)
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test("every corpus input parses to a value or a typed error")
    func replay() throws {
        let files = try Self.files()
        #expect(files.count >= 10, "the corpus is missing")
        var parsed = 0
        for file in files {
            let bytes = Array(try Data(contentsOf: file))
            if (try? CBORDecoder.decode(bytes)) != nil { parsed += 1 }
            _ = try? CBORDecoder.decodePrefix(bytes)
            _ = try? COSEKey(bytes: bytes)
            _ = try? AuthenticatorData(bytes: bytes)
            _ = try? CollectedClientData(json: bytes)
            if let object = try? AttestationObject(bytes: bytes),
                let credential = object.authenticatorData.attestedCredentialData,
                let statement = try? PackedAttestationStatement(object.statement)
            {
                _ = try? statement.verify(
                    authenticatorData: object.authenticatorDataBytes, clientDataHash: Array(repeating: 0, count: 32),
                    credential: credential)
            }
        }
        #expect(parsed > 0, "no corpus input is CBOR")
    }

    /// Writes the seed inputs: `LATCHKEY_WRITE_FUZZ_SEEDS=1 swift test --filter PasskeyFuzzCorpusTests`.
    @Test(
        "writes the seed corpus when asked",
        .enabled(if: ProcessInfo.processInfo.environment["LATCHKEY_WRITE_FUZZ_SEEDS"] == "1"))
    func writeSeeds() throws {
        let challenge: [UInt8] = Array(repeating: 0x2a, count: 32)
        var seeds: [String: [UInt8]] = [:]
        for kind in TestAuthenticator.Kind.allCases {
            let authenticator = try TestAuthenticator(kind)
            let authData = try authenticator.authenticatorData(flags: 0x1d, signCount: 3, attested: true)
            let clientData = TestAuthenticator.clientDataJSON(type: "webauthn.create", challenge: challenge)
            seeds["cose-key-\(kind.rawValue)"] = try authenticator.coseKey()
            seeds["authdata-attested-\(kind.rawValue)"] = authData
            seeds["attestation-none-\(kind.rawValue)"] = TestAuthenticator.attestationObject(
                format: "none", statement: .map([:]), authData: authData)
            seeds["attestation-packed-self-\(kind.rawValue)"] = TestAuthenticator.attestationObject(
                format: "packed",
                statement: try authenticator.packedSelfStatement(authData: authData, clientData: clientData),
                authData: authData)
        }
        let authenticator = try TestAuthenticator(.es256)
        seeds["authdata-assertion"] = try authenticator.authenticatorData(signCount: 9)
        seeds["authdata-extensions"] =
            try authenticator.authenticatorData(flags: 0x85, attested: true)
            + CBOREncoder.encode(.map([.text("credProtect"): .int(2)]))
        seeds["clientdata-create"] = TestAuthenticator.clientDataJSON(type: "webauthn.create", challenge: challenge)
        seeds["clientdata-get-crossorigin"] = TestAuthenticator.clientDataJSON(
            type: "webauthn.get", challenge: challenge, crossOrigin: true)
        seeds["attestation-packed-x5c-yubikey"] = Base64.decodeURLSafe(
            PublishedPasskeyVectorsTests.yubiKeyPacked.response.attestationObject)
        seeds["cose-key-rsa-published"] = Base64.decodeURLSafe(PublishedPasskeyVectorsTests.rsaKey)
        try FileManager.default.createDirectory(at: Self.corpus, withIntermediateDirectories: true)
        for (name, bytes) in seeds {
            try Data(bytes).write(to: Self.corpus.appendingPathComponent("seed-\(name)"))
        }
    }
}
