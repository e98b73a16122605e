import Foundation
import Testing

@testable import LatchkeyTestSupport

/// Drives the password prompt through a real pseudo-terminal, made by util-linux's `script`.
@Suite struct CLITerminalTests {
    let cli = CLIHarness()

    /// Runs `latchkey arguments…` under `script`, typing each answer once its prompt has appeared.
    private func runOnTerminal(_ arguments: [String], answers: [(prompt: String, typed: String)]) throws
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
        var pending = answers[...]
        var searchFrom = 0
        while true {
            let text = Array(screen)
            if let next = pending.first, let end = Self.find(Array(next.prompt.utf8), in: text, from: searchFrom) {
                input.fileHandleForWriting.write(Data((next.typed + "\n").utf8))
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
}
