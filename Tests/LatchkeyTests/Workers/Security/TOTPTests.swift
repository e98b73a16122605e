import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

@Suite struct TOTPTests {
    let totp = TOTP()
    /// RFC 6238 appendix B's SHA-1 seed: the ASCII of "12345678901234567890".
    let seed = Array("12345678901234567890".utf8)

    @Test(
        arguments: [
            (59, "94287082"), (1_111_111_109, "07081804"), (1_111_111_111, "14050471"), (1_234_567_890, "89005924"),
            (2_000_000_000, "69279037"), (20_000_000_000, "65353130"),
        ] as [(Int64, String)])
    func theRFC6238SHA1TestVectorsAreReproduced(_ seconds: Int64, _ expected: String) {
        #expect(totp.code(secret: seed, at: Date(databaseSeconds: seconds), digits: 8) == expected)
    }

    @Test func aCodeFromThePreviousCurrentOrNextStepIsAcceptedAndTwoStepsAwayIsNot() {
        let now = Date(databaseSeconds: 1_790_000_000)
        let step = Int64(1_790_000_000 / 30)
        for offset in -1...1 {
            let code = totp.code(secret: seed, at: now.addingTimeInterval(Double(offset * 30)))
            #expect(totp.step(of: code, secret: seed, at: now) == step + Int64(offset))
        }
        for offset in [-2, 2] {
            let code = totp.code(secret: seed, at: now.addingTimeInterval(Double(offset * 30)))
            #expect(totp.step(of: code, secret: seed, at: now) == nil)
        }
    }

    @Test(arguments: ["", "12345", "1234567", "12345a", "１２３４５６", "123 45"])
    func malformedCodesAreRefusedBeforeAnyComputation(_ code: String) {
        #expect(totp.step(of: code, secret: seed, at: Date(databaseSeconds: 1_790_000_000)) == nil)
    }

    @Test func secretsAreBase32WithoutPaddingInTheEnrollmentURI() {
        #expect(TOTP.base32(Array("12345678901234567890".utf8)) == "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ")
        let uri = TOTP.uri(issuer: "Latchkey", account: "alice", secret: seed)
        #expect(
            uri == "otpauth://totp/Latchkey:alice?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Latchkey"
                + "&algorithm=SHA1&digits=6&period=30")
    }
}

@Suite struct SecretBoxTests {
    let secret = InstallationSecret()

    @Test func aSealedSecretOpensOnlyForItsUserUnderItsKey() throws {
        let box = SecretBox(secret: secret)
        let plain = RandomBytes.make(20)
        let sealed = try box.seal(plain, userID: 7)
        #expect(!sealed.isEmpty && sealed != plain)
        #expect(try box.open(sealed, userID: 7) == plain)
        #expect(throws: SecretBoxError.cannotOpen) { try box.open(sealed, userID: 8) }
        #expect(throws: SecretBoxError.cannotOpen) {
            try SecretBox(secret: InstallationSecret()).open(sealed, userID: 7)
        }
        var tampered = sealed
        tampered[tampered.count - 1] ^= 1
        #expect(throws: SecretBoxError.cannotOpen) { try box.open(tampered, userID: 7) }
        #expect(throws: SecretBoxError.cannotOpen) { try box.open([1, 2, 3], userID: 7) }
    }

    @Test func theEncryptionKeyIsNotTheHMACKey() throws {
        #expect(try secret.derivedKey(id: 1, context: "lkfactor") != secret.derivedKey(id: 2, context: "lkfactor"))
    }
}
