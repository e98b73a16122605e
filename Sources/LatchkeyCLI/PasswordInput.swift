import Foundation
import Latchkey

/// Reads passwords: from the controlling terminal with echo off, or as lines of standard input.
/// Never from an argument.
struct PasswordInput {
    /// Longest line read, in bytes: past the password rules' maximum, so an over-long password is
    /// refused by the rules with a clear message, yet bounded.
    static let maximumLineBytes = 16 * 1024

    let fromStandardInput: Bool
    /// The second-factor code from standard input (`--code-stdin`), whatever the password's source.
    var codeFromStandardInput = false
    /// The flag that chose standard input, for the message when it is empty.
    var flag = "--password-stdin"

    /// One password; on a terminal, asked twice when `confirm` is set.
    func read(prompt: String, confirm: Bool = false) throws(CLIError) -> String {
        if fromStandardInput { return try Self.text(Self.standardInputLine(what: prompt, flag: flag)) }
        let terminal = try Terminal.open()
        defer { terminal.close() }
        let first = try Self.text(terminal.readSecret(prompt: prompt + ": "))
        if confirm {
            let second = try Self.text(terminal.readSecret(prompt: "Repeat " + prompt.lowercased() + ": "))
            guard first == second else {
                throw CLIError(message: "The two passwords differ.", exitCode: ExitStatus.invalidInput)
            }
        }
        return first
    }

    /// A second-factor code: the next line of standard input, or asked on the terminal. With neither,
    /// the sign-in cannot complete: exit 1, saying what is missing.
    func readCode() throws(CLIError) -> String {
        if fromStandardInput || codeFromStandardInput {
            let bytes = Self.readLine(from: STDIN_FILENO)
            guard !bytes.isEmpty else { throw Self.codeRequired }
            return try Self.text(bytes)
        }
        guard let terminal = try? Terminal.open() else { throw Self.codeRequired }
        defer { terminal.close() }
        return try Self.text(terminal.readSecret(prompt: "Code (or recovery code): "))
    }

    static let codeRequired = CLIError(
        message:
            "A second-factor code is required: type it on a terminal, or write it to standard input with --code-stdin (a second line with --password-stdin).",
        exitCode: ExitStatus.notAuthenticated, code: .secondFactorRequired)

    /// The bytes as text; invalid UTF-8 is refused rather than turned into U+FFFD (which would make
    /// different byte strings one password).
    private static func text(_ bytes: [UInt8]) throws(CLIError) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CLIError(message: "The password is not valid UTF-8 text.", exitCode: ExitStatus.invalidInput)
        }
        return text
    }

    /// One line of `descriptor`, without its end (`\n` or `\r\n`), read a byte at a time so nothing past
    /// it is consumed (`passwd --password-stdin` reads a second line after the first).
    static func readLine(from descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while bytes.count <= maximumLineBytes {
            let count = Glibc.read(descriptor, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 || byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return bytes
    }

    private static func standardInputLine(what: String, flag: String) throws(CLIError) -> [UInt8] {
        let bytes = readLine(from: STDIN_FILENO)
        guard !bytes.isEmpty else {
            throw CLIError(
                message: "No \(what.lowercased()) on standard input: \(flag) reads it as one line.",
                exitCode: ExitStatus.usage)
        }
        return bytes
    }
}
