import ArgumentParser
import Foundation
import Latchkey

/// `latchkey mfa enable`.
struct MfaEnableCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "enable",
        abstract: "Enroll an authenticator app: shows the otpauth URI and a QR code, then asks for a first code.",
        discussion: """
            On a terminal the factor is turned on once a first code verifies, and the recovery codes are \
            shown once. With --json no QR code is drawn: the object holds the URI, the factor stays \
            pending, and 'latchkey mfa confirm' turns it on. With --password-stdin, a second line \
            is taken as the first code; with --code-stdin alone, the code is read from standard input.

            Examples:
              latchkey mfa enable
              printf '%s\\n' 'my passphrase' | latchkey mfa enable --password-stdin --json
            """)

    @Flag(help: "Read the password (and, as a second line, the first code) from standard input.")
    var passwordStdin = false

    @OptionGroup var code: CodeOptions
    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        let token = try root.sessionToken(for: "change the second factor")
        let input = PasswordInput(fromStandardInput: passwordStdin, codeFromStandardInput: code.codeStdin)
        let password = try input.read(prompt: "Password")
        let view = MfaView(json: options.json)
        let scene = try root.sceneFactory().makeSecondFactorScene(display: view)
        scene.interactor.change(request: .init(token: token, action: .enroll(password: password)))
        try view.finish()
        guard !options.json else { return }
        // The second step, on the spot: a code from the app (or stdin's next line) turns it on.
        guard let code = try? input.readCode() else {
            try Console.message("When the app shows a code, run: latchkey mfa confirm")
            return
        }
        scene.interactor.change(request: .init(token: token, action: .confirm(code: code)))
        try view.finish()
    }
}
