import CSodium
import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

@Suite struct PasswordHasherTests {
    let hasher = Argon2idHasher(parameters: .cheapestForTests)

    @Test func aHashIsAnArgon2idPHCStringThatLibsodiumVerifies() throws {
        let hash = try hasher.hash(Seeds.password)
        #expect(hash.hasPrefix("$argon2id$v=19$m=8,t=1,p=1$"))
        #expect(crypto_pwhash_str_verify(hash, Seeds.password, UInt64(Seeds.password.utf8.count)) == 0)
        #expect(hasher.verify(Seeds.password, against: hash))
        #expect(!hasher.verify(Seeds.otherPassword, against: hash))
    }

    @Test func twoHashesOfOnePasswordDifferByTheirSalt() throws {
        #expect(try hasher.hash(Seeds.password) != hasher.hash(Seeds.password))
    }

    @Test func passwordsWithNulBytesAreHashedWholeNotCutAtTheNul() throws {
        let hash = try hasher.hash("before\u{0}after")
        #expect(hasher.verify("before\u{0}after", against: hash))
        #expect(!hasher.verify("before", against: hash))
    }

    @Test func theProductionDefaultIsOWASPsFloor() {
        let policy = Argon2idHasher()
        #expect(policy.parameters == Argon2Parameters(memoryBytes: 19 * 1024 * 1024, iterations: 2))
        #expect(policy.dummyHash.hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$"))
    }

    @Test func hashesBelowThePolicyNeedARehashAndOthersDoNot() throws {
        let strong = Argon2idHasher(parameters: Argon2Parameters(memoryBytes: 16 * 1024, iterations: 2))
        let weakHash = try hasher.hash(Seeds.password)
        #expect(strong.needsRehash(weakHash))
        #expect(!strong.needsRehash(try strong.hash(Seeds.password)))
        // Stronger than the policy is left alone: a rehash would weaken it.
        #expect(!hasher.needsRehash(try strong.hash(Seeds.password)))
        #expect(strong.needsRehash("$2b$12$notargon"))
    }

    @Test func theDummyHashHasCurrentParametersAndMatchesNoPassword() {
        #expect(PHCParameters(hasher.dummyHash) == PHCParameters("$argon2id$v=19$m=8,t=1,p=1$x$y"))
        #expect(!hasher.verify("", against: hasher.dummyHash))
        #expect(!hasher.verify(Seeds.password, against: hasher.dummyHash))
        #expect(!hasher.needsRehash(hasher.dummyHash))
    }
}
