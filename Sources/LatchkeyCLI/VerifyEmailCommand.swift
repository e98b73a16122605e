import ArgumentParser
import Latchkey

/// `latchkey verify-email`: confirms an address with the code sent to it, or asks for a new code.
struct VerifyEmailCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify-email",
        abstract: "Confirm your email address with the code sent to it.",
        discussion: """
            Reads the code from the terminal, or as one line of standard input with --stdin. \
            --resend sends a new code instead.

            Examples:
              latchkey verify-email
              printf '%s\\n' K7QD-2M9X | latchkey verify-email --stdin
              latchkey verify-email --resend
            """)

    @Flag(help: "Read the code as one line of standard input.")
    var stdin = false

    @Flag(help: "Send a new code to the address waiting for one.")
    var resend = false

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        let token = try root.sessionToken(for: "verify an email address")
        let view = ProfileView(json: options.json)
        let scene = try root.sceneFactory().makeEditProfileScene(display: view)
        if resend {
            scene.interactor.requestVerification(request: .init(token: token))
        } else {
            let code = try PasswordInput(fromStandardInput: stdin, flag: "--stdin").read(prompt: "Verification code")
            scene.interactor.verifyEmail(request: .init(proof: .code(token: token, code: code)))
        }
        try view.finish()
    }
}
