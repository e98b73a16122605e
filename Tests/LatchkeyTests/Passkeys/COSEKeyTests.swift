import Testing

@testable import Latchkey

@Suite struct COSEKeyTests {
    @Test("reads ES256, EdDSA and RS256 keys and verifies their signatures", arguments: TestAuthenticator.Kind.allCases)
    func readsKeys(kind: TestAuthenticator.Kind) throws {
        let authenticator = try TestAuthenticator(kind)
        let key = try COSEKey(bytes: authenticator.coseKey())
        #expect(key.algorithm == authenticator.algorithm)
        let signature = try authenticator.sign([1, 2, 3])
        #expect(key.isValidSignature(signature, for: [1, 2, 3]))
        #expect(!key.isValidSignature(signature, for: [1, 2, 4]))
        #expect(!key.isValidSignature([], for: [1, 2, 3]))
    }

    private func refusal(_ edit: (inout [CBORValue: CBORValue]) -> Void) throws -> PasskeyError? {
        guard case .map(var entries) = try TestAuthenticator(.es256).coseKeyValue() else { return nil }
        edit(&entries)
        do {
            _ = try COSEKey(bytes: CBOREncoder.encode(.map(entries)))
            return nil
        } catch { return error }
    }

    @Test("refuses another curve, algorithm or key type, and an algorithm that does not match its key type")
    func refusesOtherKinds() throws {
        #expect(try refusal { $0[.int(-1)] = .int(2) } == .unsupportedKey("EC2 curve is not P-256"))
        #expect(try refusal { $0[.int(3)] = .int(-35) } == .unsupportedKey("algorithm -35"))
        #expect(try refusal { $0[.int(3)] = .int(-8) } == .unsupportedKey("key type 2 does not go with algorithm -8"))
        #expect(try refusal { $0[.int(1)] = .int(4) } == .unsupportedKey("key type 4 does not go with algorithm -7"))
        #expect(try refusal { $0[.int(3)] = nil } == .unsupportedKey("no algorithm"))
        #expect(try refusal { $0[.int(1)] = nil } == .unsupportedKey("no key type"))
    }

    @Test("refuses missing or wrong-length coordinates, a point off the curve and a private part")
    func refusesBadCoordinates() throws {
        #expect(try refusal { $0[.int(-3)] = nil } == .unsupportedKey("missing or wrong-length coordinate"))
        #expect(try refusal { $0[.int(-2)] = .bytes([1]) } == .unsupportedKey("missing or wrong-length coordinate"))
        #expect(
            try refusal { $0[.int(-2)] = .bytes(Array(repeating: 0, count: 32)) }
                == .unsupportedKey("not a point on P-256"))
        #expect(
            try refusal { $0[.int(-4)] = .bytes(Array(repeating: 1, count: 32)) }
                == .unsupportedKey("holds a private key"))
    }

    @Test("refuses an RSA key smaller than 2048 bits")
    func refusesSmallRSA() throws {
        let key = CBOREncoder.encode(
            .map([
                .int(1): .int(3), .int(3): .int(-257), .int(-1): .bytes(Array(repeating: 0xff, count: 128)),
                .int(-2): .bytes([1, 0, 1]),
            ]))
        #expect(throws: PasskeyError.unsupportedKey("RSA key size")) { try COSEKey(bytes: key) }
    }

    @Test("refuses bytes that are not one CBOR map")
    func refusesNonMaps() {
        #expect(throws: PasskeyError.unsupportedKey("not a map")) { try COSEKey(bytes: [0x01]) }
        #expect(throws: PasskeyError.malformed("COSE key: length beyond the input")) { try COSEKey(bytes: [0xa1]) }
    }
}
