/// Turns passkeys into the summaries, and ceremonies into the options, every display shows.
package final class PasskeysPresenter: ScenePresenter<any PasskeysDisplayLogic>, PasskeysPresentationLogic {
    package func presentEnrolment(response: Passkeys.Enrol.Response) {
        display?.displayEnrolment(
            viewModel: {
                switch response {
                case .options(let options): .success(options)
                case .rejected(let problem): .failure(Self.error(problem))
                case .sessionRefused(let problem): .failure(.session(problem))
                case .unavailable(let problem): .failure(.unavailable(problem))
                }
            }())
    }

    package func presentRegistration(response: Passkeys.Register.Response) {
        display?.displayRegistration(
            viewModel: {
                switch response {
                case .registered(let passkey): .success(PasskeySummary(passkey))
                case .rejected(let problem): .failure(Self.error(problem))
                case .sessionRefused(let problem): .failure(.session(problem))
                case .unavailable(let problem): .failure(.unavailable(problem))
                }
            }())
    }

    package func presentSignInOptions(response: Passkeys.SignInOptions.Response) {
        display?.displaySignInOptions(
            viewModel: {
                switch response {
                case .options(let options): .success(options)
                case .rejected(let problem): .failure(Self.error(problem))
                case .unavailable(let problem): .failure(.unavailable(problem))
                }
            }())
    }

    package func presentList(response: Passkeys.List.Response) {
        display?.displayList(
            viewModel: {
                switch response {
                case .passkeys(let passkeys): .success(passkeys.map(PasskeySummary.init))
                case .sessionRefused(let problem): .failure(.session(problem))
                case .unavailable(let problem): .failure(.unavailable(problem))
                }
            }())
    }

    package func presentChange(response: Passkeys.Change.Response) {
        display?.displayChange(
            viewModel: {
                switch response {
                case .renamed(let passkey), .revoked(let passkey): .success(PasskeySummary(passkey))
                case .rejected(let problem): .failure(Self.error(problem))
                case .sessionRefused(let problem): .failure(.session(problem))
                case .unavailable(let problem): .failure(.unavailable(problem))
                }
            }())
    }

    /// The one wording of each refusal.
    static func error(_ problem: Passkeys.Problem) -> LatchkeyError {
        switch problem {
        case .notConfigured:
            LatchkeyError(
                message: "Passkeys are off: the server has no public origin to bind them to.", kind: .invalidInput,
                code: .notFound)
        case .reauthenticationRequired:
            LatchkeyError(
                message: "Adding a passkey needs a recent sign-in: sign in again, then add it.",
                kind: .notAuthenticated, code: .reauthenticationRequired)
        case .tooMany(let limit):
            LatchkeyError(
                message: "An account may have \(limit) passkeys: remove one before adding another.",
                kind: .invalidInput)
        case .invalidName:
            LatchkeyError(
                message: "A passkey's name is one line of 1 to 64 characters, none of them control or invisible.",
                kind: .invalidInput)
        case .noSuchPasskey:
            LatchkeyError(message: "No passkey of yours has that id.", kind: .invalidInput, code: .notFound)
        case .lastSignInMethod:
            LatchkeyError(
                message: "This passkey is the account's only way in: add a password or another passkey first.",
                kind: .invalidInput)
        case .alreadyRegistered:
            LatchkeyError(message: "This passkey is registered already.", kind: .invalidInput)
        case .refused(let error):
            LatchkeyError(message: "The passkey was refused: \(Self.reason(error)).", kind: .invalidInput)
        }
    }

    /// A short reason for a refused registration (no input is echoed).
    static func reason(_ error: PasskeyError) -> String {
        switch error {
        case .malformed(let what): what
        case .unsupportedKey(let what): "unsupported key (\(what))"
        case .wrongCredentialType: "not a public-key credential"
        case .credentialIDMismatch: "its credential ID does not match"
        case .wrongCeremony: "it answers another ceremony"
        case .challengeMismatch: "the challenge is unknown, used or expired"
        case .originNotAllowed: "it comes from another origin"
        case .crossOriginRefused: "it ran in a cross-origin frame"
        case .relyingPartyMismatch: "it is for another relying party"
        case .userNotPresent: "the authenticator did not test for presence"
        case .userNotVerified: "the authenticator did not verify the user"
        case .algorithmNotOffered: "its algorithm was not offered"
        case .unsupportedAttestationFormat: "its attestation format is not accepted"
        case .invalidAttestation(let what): "its attestation does not verify (\(what))"
        case .invalidSignature: "its signature does not verify"
        case .counterWentBackwards: "its signature counter went backwards"
        }
    }
}

// A Reply awaits one of the scene's ViewModels: it keeps the one its call asked for.
extension Reply: PasskeysDisplayLogic {
    func displayEnrolment(viewModel: Passkeys.Enrol.ViewModel) {
        if let viewModel = viewModel as? ViewModel { show(viewModel) }
    }

    func displayRegistration(viewModel: Passkeys.Register.ViewModel) {
        if let viewModel = viewModel as? ViewModel { show(viewModel) }
    }

    func displaySignInOptions(viewModel: Passkeys.SignInOptions.ViewModel) {
        if let viewModel = viewModel as? ViewModel { show(viewModel) }
    }

    func displayList(viewModel: Passkeys.List.ViewModel) {
        if let viewModel = viewModel as? ViewModel { show(viewModel) }
    }

    func displayChange(viewModel: Passkeys.Change.ViewModel) {
        if let viewModel = viewModel as? ViewModel { show(viewModel) }
    }
}
