import ArgumentParser
import Latchkey

/// Shows the Passkeys scene's results: the list, and a rename or removal.
final class PasskeysView: CommandView, PasskeysDisplayLogic {
    /// What a change asked for, to word its result; nil for the list.
    private let action: Passkeys.Change.Action?

    init(json: Bool, action: Passkeys.Change.Action?) {
        self.action = action
        super.init(json: json)
    }

    /// Gives `work` the Passkeys scene's interactor and the session's token (`purpose` words a
    /// missing session), then shows what the scene presented.
    static func run(
        _ root: CompositionRoot, _ options: GlobalOptions, for purpose: String,
        changing action: Passkeys.Change.Action? = nil, _ work: (any PasskeysBusinessLogic, SessionToken?) -> Void
    ) throws(CLIError) {
        let token = try root.sessionToken(for: purpose)
        let view = PasskeysView(json: options.json, action: action)
        work(try root.sceneFactory().makePasskeysScene(display: view).interactor, token)
        try view.finish()
    }

    func displayList(viewModel: Passkeys.List.ViewModel) {
        switch viewModel {
        case .success(let passkeys):
            show(
                message: nil, json: JSONOutput.PasskeyList(passkeys: passkeys),
                text: passkeys.isEmpty
                    ? "No passkeys. Add one in a browser, on the server's /account page."
                    : passkeys.map(Self.line).joined(separator: "\n"))
        case .failure(let failure):
            record(failure)
        }
    }

    func displayChange(viewModel: Passkeys.Change.ViewModel) {
        switch viewModel {
        case .success(let passkey):
            let name = TerminalEscaping.escape(passkey.name)
            if action == .revoke {
                let message = "Removed the passkey \(name)."
                show(message: message, json: JSONOutput.PasskeyRevoked(message: message, passkey: passkey), text: nil)
            } else {
                let message = "Renamed the passkey \(passkey.id) to \(name)."
                show(message: message, json: JSONOutput.PasskeyRenamed(message: message, passkey: passkey), text: nil)
            }
        case .failure(let failure):
            record(failure)
        }
    }

    // The ceremonies need a browser: no command asks for them, so nothing arrives here.
    func displayEnrolment(viewModel: Passkeys.Enrol.ViewModel) {}
    func displayRegistration(viewModel: Passkeys.Register.ViewModel) {}
    func displaySignInOptions(viewModel: Passkeys.SignInOptions.ViewModel) {}

    /// One passkey as `passkeys list` and `admin show` show it.
    static func line(_ passkey: PasskeySummary) -> String {
        var text = passkey.id + "  " + TerminalEscaping.escape(passkey.name)
        text += "\n      created \(DateText.format(passkey.created))"
        text += ", last used \(passkey.lastUsed.map(DateText.format) ?? "never")"
        text += passkey.backedUp ? ", backed up" : (passkey.backupEligible ? ", not backed up" : ", device-bound")
        if let regressed = passkey.counterWentBackwards {
            text += "\n      WARNING: its signature counter went backwards on \(DateText.format(regressed))"
            text += " (a copied authenticator?)"
        }
        return text
    }
}
