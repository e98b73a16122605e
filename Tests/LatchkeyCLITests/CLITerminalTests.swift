import Foundation
import Testing

@testable import LatchkeyTestSupport

/// Drives the password prompt through a real pseudo-terminal, made by util-linux's `script`.
@Suite(.tags(.binary)) struct CLITerminalTests {
    let cli = CLIHarness()

    /// Runs `latchkey arguments…` under `script`, typing each answer once its prompt has appeared.
    private func runOnTerminal(_ arguments: [String], answers: [(prompt: String, typed: String)]) throws
        -> (status: Int32, screen: String)
    {
        try runOnTerminal(arguments, replies: answers.map { answer in (answer.prompt, { _ in answer.typed }) })
    }

    /// The same, with each answer computed from the screen so far (a code from a secret it shows).
    private func runOnTerminal(_ arguments: [String], replies: [(prompt: String, typed: (String) -> String)]) throws
        -> (status: Int32, screen: String)
    {
        let command = ([CLIHarness.binary] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["script", "-qefc", command, "/dev/null"]
        process.environment = cli.environment
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        // A prompt that never comes must fail the test, not hang it.
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
        defer { watchdog.cancel() }
        var screen = Data()
        var pending = replies[...]
        var searchFrom = 0
        while true {
            let text = Array(screen)
            if let next = pending.first, let end = Self.find(Array(next.prompt.utf8), in: text, from: searchFrom) {
                input.fileHandleForWriting.write(Data((next.typed(String(decoding: text, as: UTF8.self)) + "\n").utf8))
                pending = pending.dropFirst()
                searchFrom = end
                continue
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            screen += chunk
        }
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: screen, as: UTF8.self))
    }

    /// The offset just past the first `needle` in `haystack` at or after `start`.
    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count - start >= needle.count else { return nil }
        for offset in start...(haystack.count - needle.count)
        where haystack[offset..<offset + needle.count].elementsEqual(needle) {
            return offset + needle.count
        }
        return nil
    }

    @Test func theTypedPasswordIsNotEchoedAndRegisterAsksTwice() throws {
        let secret = "typed on a terminal, never echoed"
        let register = try runOnTerminal(
            ["register", "tina"], answers: [("Password: ", secret), ("Repeat password: ", secret)])
        #expect(register.status == 0)
        #expect(register.screen.contains("Password: "))
        #expect(register.screen.contains("Repeat password: "))
        #expect(!register.screen.contains(secret))

        let login = try runOnTerminal(["login", "tina"], answers: [("Password: ", secret)])
        #expect(login.status == 0)
        #expect(login.screen.contains("Signed in as tina."))
        #expect(!login.screen.contains(secret))
    }

    @Test("register --invitation asks for the code on the terminal without echo, and grants its roles")
    func registerAsksForTheInvitationCodeWithoutEcho() throws {
        let invite = try cli.run(["admin", "invite", "--role", "editor"])
        let code = invite.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let secret = "typed on a terminal, never echoed"
        let register = try runOnTerminal(
            ["register", "tina", "--invitation"],
            answers: [("Password: ", secret), ("Repeat password: ", secret), ("Invitation code: ", code)])
        #expect(register.status == 0, "\(register.screen)")
        #expect(!register.screen.contains(code))
        #expect(try cli.query("SELECT role FROM user_roles") == ["editor"])
    }

    @Test func passwdAsksForTheCurrentPasswordThenTheNewOneTwiceWithoutEcho() throws {
        let old = "the first long passphrase"
        let new = "the second long passphrase"
        _ = try runOnTerminal(["register", "vic"], answers: [("Password: ", old), ("Repeat password: ", old)])
        _ = try runOnTerminal(["login", "vic"], answers: [("Password: ", old)])
        let result = try runOnTerminal(
            ["passwd"],
            answers: [("Current password: ", old), ("New password: ", new), ("Repeat new password: ", new)])
        #expect(result.status == 0)
        #expect(result.screen.contains("Password changed."))
        #expect(!result.screen.contains(old))
        #expect(!result.screen.contains(new))
    }

    @Test func twoDifferentAnswersAreRefused() throws {
        let result = try runOnTerminal(
            ["register", "uma"],
            answers: [("Password: ", "the first long password"), ("Repeat password: ", "the second long password")])
        #expect(result.status == 65)
        #expect(result.screen.contains("The two passwords differ."))
    }

    @Test func enrollingOnATerminalShowsTheQRCodeAsksForACodeAndShowsTheRecoveryCodes() throws {
        try cli.registerAndLogin()
        func code(from screen: String) -> String {
            let line = screen.split(whereSeparator: \.isNewline).last { $0.hasPrefix("Secret: ") } ?? ""
            return Authenticator(base32: String(line.dropFirst(8))).code(at: Date())
        }
        let enrolled = try runOnTerminal(
            ["mfa", "enable"],
            replies: [("Password: ", { _ in CLIHarness.password }), ("Code (or recovery code): ", code(from:))])
        #expect(enrolled.status == 0, "\(enrolled.screen)")
        #expect(enrolled.screen.contains("█"))
        #expect(enrolled.screen.contains("Second factor on."))
        #expect(!enrolled.screen.contains(CLIHarness.password))
        let codes = enrolled.screen.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.count == 11 && $0.dropFirst(5).first == "-" }
        try #require(codes.count == 10)
        let login = try runOnTerminal(
            ["login", "alice"], answers: [("Password: ", CLIHarness.password), ("Code (or recovery code): ", codes[0])])
        #expect(login.status == 0, "\(login.screen)")
        #expect(login.screen.contains("Signed in as alice."))
        #expect(!login.screen.contains(codes[0]), "the code was echoed")
    }
}
