import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// A passkey's name reaches terminals and account pages: it is refused, at registration and on a
/// rename, anything a terminal would act on or that hides itself, as an access token's name is. On
/// both engines.
@Suite(.onEveryEngine, .tags(.postgres)) struct PasskeyNameTests {
    let service: LatchkeyService
    let ceremony: PasskeyCeremony

    init() throws {
        service = LatchkeyService(workers: PasskeyCeremony.enable(try Seeds.workers()))
        ceremony = PasskeyCeremony(service: service)
    }

    static let refused = [
        "", " ", "Laptop\n", "Lap\ttop", "Laptop\u{1B}[2J", "Laptop\u{9B}", "Laptop\u{202E}", "Lap\u{2066}top",
        "Lap\u{200B}top", "Laptop\u{2028}", "\u{FEFF}Laptop", "Lap\u{AD}top", String(repeating: "a", count: 65),
    ]

    @Test func aNameATerminalWouldActOnIsRefusedOnARenameAndAtRegistration() async throws {
        _ = try await service.register(username: "alice", password: Seeds.password)
        let token = try #require(try await service.signIn(username: "alice", password: Seeds.password).token)
        try await ceremony.enrol(try TestAuthenticator(.es256), token: token)
        let id = try #require(try await service.passkeys(token: token).first?.id)
        for name in Self.refused {
            #expect(
                await errorCode { try await service.renamePasskey(token: token, id: id, name: name) } == .invalidInput,
                "\(name.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(try await service.passkeys(token: token).map(\.name) == ["Laptop"])
        for name in ["Ключ Алисы", "Robert'); DROP TABLE users;--", "  Phone  ", String(repeating: "é", count: 64)] {
            _ = try await service.renamePasskey(token: token, id: id, name: name)
        }
        #expect(
            await errorCode {
                try await ceremony.enrol(
                    try TestAuthenticator(.es256, credentialID: Array(32..<64)), token: token, name: "Key\u{202E}")
            } == .invalidInput)
        #expect(try await service.passkeys(token: token).map(\.name) == [String(repeating: "é", count: 64)])
    }
}
