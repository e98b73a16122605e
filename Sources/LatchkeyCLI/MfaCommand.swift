import ArgumentParser
import Foundation
import Latchkey

/// `latchkey mfa …`: the SecondFactor scene's display.
struct MfaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mfa",
        abstract: "Turn a second factor (TOTP) on or off, and replace its recovery codes.",
        discussion: """
            Examples:
              latchkey mfa enable                       # password, QR code, first code, recovery codes
              printf '%s\\n' 'my passphrase' | latchkey mfa enable --password-stdin --json
              latchkey mfa confirm                      # asks for the code
              latchkey mfa disable
              latchkey mfa recovery-codes
            """,
        subcommands: [
            MfaEnableCommand.self, MfaConfirmCommand.self, MfaDisableCommand.self, MfaRecoveryCodesCommand.self,
        ])
}

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

/// `latchkey mfa confirm`.
struct MfaConfirmCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "confirm", abstract: "Turn the enrolled factor on with a first code; prints the recovery codes.",
        discussion: """
            Asks for the code the authenticator app shows now, or reads it from standard input with --code-stdin.

            Examples:
              latchkey mfa confirm
              printf '%s\\n' 123456 | latchkey mfa confirm --code-stdin --json
            """)

    /// Parsed only to be refused: `mfa confirm CODE` was the old form, and argv is readable by all.
    @Argument(help: .private)
    var codeArgument: String?

    @OptionGroup var code: CodeOptions
    @OptionGroup var options: GlobalOptions

    func validate() throws {
        if codeArgument != nil { throw ValidationError(CodeOptions.refusal) }
    }

    func execute(_ root: CompositionRoot) throws(CLIError) {
        try MfaView.change(root, options) { () throws(CLIError) in
            .confirm(
                code: try PasswordInput(fromStandardInput: false, codeFromStandardInput: code.codeStdin).readCode())
        }
    }
}

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

/// `latchkey mfa disable`.
struct MfaDisableCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "disable", abstract: "Turn the second factor off (password and a code or recovery code).",
        discussion:
            "Examples:\n  latchkey mfa disable\n  printf '%s\\n%s\\n' \"$PASSWORD\" 123456 | latchkey mfa disable --password-stdin"
    )

    @OptionGroup var secrets: PasswordAndCode
    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        try MfaView.change(root, options) { () throws(CLIError) in
            let (password, code) = try secrets.read()
            return .disable(password: password, code: code)
        }
    }
}

/// `latchkey mfa recovery-codes`.
struct MfaRecoveryCodesCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "recovery-codes", abstract: "Replace the recovery codes (password and a code).",
        discussion:
            "Examples:\n  latchkey mfa recovery-codes\n  latchkey mfa recovery-codes --code-stdin --json   # password typed, code piped"
    )

    @OptionGroup var secrets: PasswordAndCode
    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        try MfaView.change(root, options) { () throws(CLIError) in
            let (password, code) = try secrets.read()
            return .replaceRecoveryCodes(password: password, code: code)
        }
    }
}

/// Shows the SecondFactor scene's view models: the URI and the QR code, or the recovery codes.
final class MfaView: CommandView, SecondFactorDisplayLogic {
    /// The session file's token, then the action (its secrets read only after the token), then the
    /// scene: what `mfa confirm`, `disable` and `recovery-codes` share.
    static func change(
        _ root: CompositionRoot, _ options: GlobalOptions, _ action: () throws(CLIError) -> SecondFactor.Action
    ) throws(CLIError) {
        let token = try root.sessionToken(for: "change the second factor")
        let request = SecondFactor.Change.Request(token: token, action: try action())
        let view = MfaView(json: options.json)
        try root.sceneFactory().makeSecondFactorScene(display: view).interactor.change(request: request)
        try view.finish()
    }

    func displayChange(viewModel: SecondFactor.Change.ViewModel) {
        let result: SecondFactorResult
        switch viewModel {
        case .success(let value): result = value
        case .failure(let failure): return record(failure)
        }
        let message = Self.message(for: result.status)
        let json = FactorOutput(result: result, message: message)
        switch result.status {
        case .pending:
            let uri = result.uri ?? ""
            let drawn = QRCode(uri)?.terminalText() ?? ""
            show(message: message, json: json, text: drawn + "\n" + uri + "\nSecret: " + (result.secret ?? ""))
        case .enabled, .recoveryCodesReplaced:
            show(message: message, json: json, text: (result.recoveryCodes ?? []).joined(separator: "\n"))
        case .disabled:
            show(message: message, json: json, text: nil)
        }
    }

    private static func message(for status: SecondFactorResult.Status) -> String {
        switch status {
        case .pending: "Scan the code with your authenticator app (or type the secret), then confirm with a code."
        case .enabled:
            "Second factor on. Keep these recovery codes somewhere safe; each works once, and they are shown only now."
        case .recoveryCodesReplaced: "New recovery codes; the old ones no longer work. They are shown only now."
        case .disabled: "Second factor off."
        }
    }
}
