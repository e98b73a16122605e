import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// Two spellings of one address are one address to every engine: a verified one refuses the other
/// spelling, and a reset by either spelling finds the account.
@Suite(.onEveryEngine, .tags(.postgres)) struct EmailKeyFoldingTests: ServiceSeeded {
    let seed: ServiceSeed

    init() throws { seed = try ServiceSeed() }

    /// Registers `name` with `address` and verifies it.
    private func verified(_ name: String, _ address: String) async throws {
        let token = try await service.signedIn(name, email: address)
        _ = try await service.verifyEmail(
            token: token, code: try await delivery.verification(for: address, to: name).typed)
    }

    @Test(
        "a verified address refuses its other spellings: ß and ss, NFC and NFD, the fi ligature, a Unicode domain and its punycode",
        arguments: [
            ("strasse@example.com", "Straße@example.com"), ("jos\u{E9}@example.com", "jose\u{301}@example.com"),
            ("file@example.com", "\u{FB01}le@example.com"), ("alice@bücher.example", "alice@xn--bcher-kva.example"),
        ])
    func aVerifiedAddressRefusesItsOtherSpellings(_ first: String, _ second: String) async throws {
        try await verified("first", first)
        #expect(
            await errorCode { try await service.register(username: "second", password: Seeds.password, email: second) }
                == .emailTaken)
        // A reset by the other spelling finds the account, and the code goes to the address as typed.
        try await service.requestPasswordReset(account: second)
        let reset = await delivery.waitFor(1).first
        #expect(reset?.username == "first" && reset?.to == first)
    }
}
