import Foundation
import Latchkey
import Testing

@testable import LatchkeyTestSupport

/// The CLI's JSON error object carries the same stable codes as the service's `LatchkeyError`, so a
/// script and a server switch on one vocabulary.
@Suite(.tags(.binary)) struct CLIErrorCodeTests {
    let cli = CLIHarness()
    let password = CLIHarness.password

    private func code(_ arguments: [String], stdin: String? = nil) throws -> String? {
        let result = try cli.run(arguments + ["--json"], stdin: stdin)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return (object?["error"] as? [String: Any])?["code"] as? String
    }

    private func serviceCode<T>(_ body: () async throws -> T) async -> String? {
        await errorCode(body)?.rawValue
    }

    @Test func theCLIAndTheServiceAnswerTheSameSituationsWithTheSameCodes() async throws {
        let service = LatchkeyService(
            workers: LatchkeyWorkers(
                database: try DatabaseWorker(.inMemory), hasher: Argon2idHasher(parameters: .cheapestForTests)))
        _ = try await service.register(username: "alice", password: password)
        try cli.run(["register", "alice", "--password-stdin"], stdin: password + "\n")
        let wrong = "not the password at all\n"

        var pairs: [(cli: String?, service: String?)] = []
        pairs.append((try code(["whoami"]), await serviceCode { try await service.authenticate(token: "") }))
        pairs.append(
            (
                try code(["register", "alice", "--password-stdin"], stdin: password + "\n"),
                await serviceCode { try await service.register(username: "alice", password: password) }
            ))
        pairs.append(
            (
                try code(["register", "bob", "--password-stdin"], stdin: "short\n"),
                await serviceCode { try await service.register(username: "bob", password: "short") }
            ))
        pairs.append(
            (
                try code(["register", "B O B", "--password-stdin"], stdin: password + "\n"),
                await serviceCode { try await service.register(username: "B O B", password: password) }
            ))
        pairs.append(
            (
                try code(["login", "alice", "--password-stdin"], stdin: wrong),
                await serviceCode { try await service.signIn(username: "alice", password: wrong) }
            ))
        for _ in 0..<4 {
            _ = try code(["login", "alice", "--password-stdin"], stdin: wrong)
            _ = await serviceCode { try await service.signIn(username: "alice", password: wrong) }
        }
        pairs.append(
            (
                try code(["login", "alice", "--password-stdin"], stdin: password + "\n"),
                await serviceCode { try await service.signIn(username: "alice", password: password) }
            ))
        #expect(pairs.map(\.cli) == pairs.map(\.service))
        #expect(
            pairs.map(\.cli) == [
                "not_signed_in", "username_taken", "weak_password", "invalid_input", "invalid_credentials", "throttled",
            ])
        // Failures of the command line itself have codes too: a usage error is invalid input.
        #expect(try code(["history", "--limit", "0"]) == "invalid_input")
        #expect(try code(["admin", "show", "nobody"]) == "not_found")
    }
}
