import Foundation

/// Reads passwords: from the controlling terminal with echo off, or as lines of standard input.
/// Never from an argument.
struct PasswordInput {
    /// Longest line read, in bytes: past the password rules' maximum, so an over-long password is
    /// refused by the rules with a clear message, yet bounded.
    static let maximumLineBytes = 16 * 1024

    let fromStandardInput: Bool

    /// One password; on a terminal, asked twice when `confirm` is set.
    func read(prompt: String, confirm: Bool = false) throws -> String {
        if fromStandardInput { return try Self.standardInputLine(what: prompt) }
        let terminal = try Terminal.open()
        let first = try terminal.readSecret(prompt: prompt + ": ")
        if confirm {
            let second = try terminal.readSecret(prompt: "Repeat " + prompt.lowercased() + ": ")
            guard first == second else {
                throw CLIFailure(message: "The two passwords differ.", exitCode: ExitStatus.invalidInput)
            }
        }
        return first
    }

    private static func standardInputLine(what: String) throws -> String {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while bytes.count <= maximumLineBytes {
            let count = Glibc.read(STDIN_FILENO, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 || byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        guard !bytes.isEmpty else {
            throw CLIFailure(
                message: "No \(what.lowercased()) on standard input: --password-stdin reads it as one line.",
                exitCode: ExitStatus.usage)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
