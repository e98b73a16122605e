/// Turns second-factor outcomes into what a display shows.
public final class SecondFactorPresenter: ScenePresenter<any SecondFactorDisplayLogic>, SecondFactorPresentationLogic {
    public func presentChange(response: SecondFactor.Change.Response) {
        display?.displayChange(viewModel: Self.viewModel(for: response))
    }

    static func viewModel(for response: SecondFactor.Change.Response) -> SecondFactor.Change.ViewModel {
        switch response {
        case .pending(let uri, let secret):
            .pending(
                message: "Scan the code with your authenticator app (or type the secret), then confirm with a code.",
                uri: uri, secret: secret)
        case .enabled(let codes):
            .codes(
                message: "Second factor on. Keep these recovery codes somewhere safe; each works once, "
                    + "and they are shown only now.", recoveryCodes: codes)
        case .recoveryCodes(let codes):
            .codes(
                message: "New recovery codes; the old ones no longer work. They are shown only now.",
                recoveryCodes: codes)
        case .disabled: .done(message: "Second factor off.")
        case .alreadyOn:
            .failed(
                LatchkeyError(message: "The second factor is already on: turn it off first.", kind: .invalidInput))
        case .notOn:
            .failed(LatchkeyError(message: "There is no second factor to do this with.", kind: .invalidInput))
        case .invalidCredentials:
            .failed(LatchkeyError(message: "Wrong password or code.", kind: .notAuthenticated))
        case .throttled: .failed(.throttled)
        case .sessionRefused(let problem): .failed(.session(problem))
        case .unavailable(let problem): .failed(.unavailable(problem))
        }
    }
}

/// The assembled SecondFactor scene, held by its display.
public struct SecondFactorScene {
    public let interactor: any SecondFactorBusinessLogic
}

extension SceneFactory {
    /// Assembles the SecondFactor scene around `display`.
    public func makeSecondFactorScene(display: any SecondFactorDisplayLogic) -> SecondFactorScene {
        SecondFactorScene(
            interactor: SecondFactorInteractor(presenter: SecondFactorPresenter(display: display), workers: workers))
    }
}
