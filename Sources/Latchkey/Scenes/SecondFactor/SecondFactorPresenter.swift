/// Turns second-factor outcomes into the result every display shows, or the failure's wording.
package final class SecondFactorPresenter: ScenePresenter<any SecondFactorDisplayLogic>, SecondFactorPresentationLogic {
    package func presentChange(response: SecondFactor.Change.Response) {
        display?.displayChange(viewModel: viewModel(for: response))
    }

    private func viewModel(for response: SecondFactor.Change.Response) -> SecondFactor.Change.ViewModel {
        switch response {
        case .pending(let uri, let secret): .success(SecondFactorResult(status: .pending, uri: uri, secret: secret))
        case .enabled(let codes): .success(SecondFactorResult(status: .enabled, recoveryCodes: codes))
        case .recoveryCodes(let codes):
            .success(SecondFactorResult(status: .recoveryCodesReplaced, recoveryCodes: codes))
        case .disabled: .success(SecondFactorResult(status: .disabled))
        case .alreadyOn:
            .failure(
                LatchkeyError(message: "The second factor is already on: turn it off first.", kind: .invalidInput))
        case .notOn:
            .failure(LatchkeyError(message: "There is no second factor to do this with.", kind: .invalidInput))
        case .invalidCredentials:
            .failure(LatchkeyError(message: "Wrong password or code.", kind: .notAuthenticated))
        case .throttled(let wait): .failure(.throttled(retryAfter: wait))
        case .sessionRefused(let problem): .failure(.session(problem))
        case .unavailable(let problem): .failure(.unavailable(problem))
        }
    }
}

extension Reply: SecondFactorDisplayLogic where ViewModel == SecondFactor.Change.ViewModel {
    func displayChange(viewModel: SecondFactor.Change.ViewModel) { show(viewModel) }
}
