import ArgumentParser
import Foundation
import Latchkey

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
