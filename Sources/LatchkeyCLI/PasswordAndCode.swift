import ArgumentParser
import Foundation
import Latchkey

/// The password then a code (or a recovery code): what turning off and replacing codes ask for.
struct PasswordAndCode: ParsableArguments {
    @Flag(help: "Read the password, and as a second line the code, from standard input.")
    var passwordStdin = false

    @OptionGroup var code: CodeOptions

    func read() throws(CLIError) -> (password: String, code: String) {
        let input = PasswordInput(fromStandardInput: passwordStdin, codeFromStandardInput: code.codeStdin)
        let password = try input.read(prompt: "Password")
        return (password, try input.readCode())
    }
}
