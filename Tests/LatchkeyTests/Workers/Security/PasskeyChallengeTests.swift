import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

struct PasskeyChallengeTests {
    let secret = InstallationSecret()
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    @Test("A challenge opens with its ceremony, account and expiry, and not at or after its expiry")
    func opens() throws {
        let expiry = now.addingTimeInterval(300)
        let issued = try PasskeyChallenge.issue(.registration, userID: 42, expiresAt: expiry, secret: secret)
        #expect(issued.bytes.count == PasskeyChallenge.byteCount)
        let opened = try #require(try PasskeyChallenge.open(issued.bytes, secret: secret, now: now))
        #expect(opened == issued && opened.ceremony == .registration && opened.userID == 42)
        #expect(try PasskeyChallenge.open(issued.bytes, secret: secret, now: expiry) == nil)
        let passwordless = try PasskeyChallenge.issue(.authentication, userID: nil, expiresAt: expiry, secret: secret)
        #expect(try PasskeyChallenge.open(passwordless.bytes, secret: secret, now: now)?.userID == nil)
        #expect(passwordless.bytes != issued.bytes)
    }

    @Test("A challenge altered in any byte, cut short, or sealed by another installation is refused")
    func refusesForgeries() throws {
        let issued = try PasskeyChallenge.issue(
            .authentication, userID: 7, expiresAt: now.addingTimeInterval(300), secret: secret)
        for index in issued.bytes.indices {
            var altered = issued.bytes
            altered[index] ^= 0x01
            #expect(try PasskeyChallenge.open(altered, secret: secret, now: now) == nil)
        }
        #expect(try PasskeyChallenge.open(Array(issued.bytes.dropLast()), secret: secret, now: now) == nil)
        #expect(try PasskeyChallenge.open([], secret: secret, now: now) == nil)
        #expect(try PasskeyChallenge.open(issued.bytes, secret: InstallationSecret(), now: now) == nil)
    }
}
