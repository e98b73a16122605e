/// Turns access tokens into the results every display shows; the new token's text only once made.
package final class AccessTokensPresenter: ScenePresenter<any AccessTokensDisplayLogic>, AccessTokensPresentationLogic {
    package func presentCreated(response: AccessTokens.Create.Response) {
        display?.displayCreated(viewModel: viewModel(for: response))
    }

    package func presentTokens(response: AccessTokens.List.Response) {
        display?.displayTokens(viewModel: viewModel(for: response))
    }

    package func presentRevocation(response: AccessTokens.Revoke.Response) {
        display?.displayRevocation(viewModel: viewModel(for: response))
    }

    private func viewModel(for response: AccessTokens.Create.Response) -> AccessTokens.Create.ViewModel {
        switch response {
        case .created(let info, let token):
            .success(CreatedAccessToken(token: token.secret, summary: AccessTokenSummary(info)))
        case .refused(let refusal): .failure(Self.failure(refusal))
        case .sessionRefused(let problem): .failure(.session(problem))
        case .unavailable(let problem): .failure(.unavailable(problem))
        }
    }

    private func viewModel(for response: AccessTokens.List.Response) -> AccessTokens.List.ViewModel {
        switch response {
        case .tokens(let tokens): .success(tokens.map(AccessTokenSummary.init))
        case .sessionRefused(let problem): .failure(.session(problem))
        case .unavailable(let problem): .failure(.unavailable(problem))
        }
    }

    private func viewModel(for response: AccessTokens.Revoke.Response) -> AccessTokens.Revoke.ViewModel {
        switch response {
        case .revoked(let info): .success(AccessTokenSummary(info))
        case .noSuchToken:
            .failure(
                LatchkeyError(message: "No access token of yours has that id.", kind: .invalidInput, code: .notFound))
        case .sessionRefused(let problem): .failure(.session(problem))
        case .unavailable(let problem): .failure(.unavailable(problem))
        }
    }

    private static func failure(_ refusal: AccessTokens.Create.Problem) -> LatchkeyError {
        switch refusal {
        case .invalidName:
            LatchkeyError(
                message: "Invalid token name: use 1 to 64 characters, no control or invisible ones.",
                kind: .invalidInput)
        case .invalidRole(let text):
            LatchkeyError(
                message: "Invalid role name: \(TerminalEscaping.escape(String(text.prefix(64)))).", kind: .invalidInput)
        case .roleNotHeld(let role):
            LatchkeyError(
                message: "You do not hold the role \(role): a token carries only your own roles.", kind: .forbidden)
        case .expiryBeyondPolicy(let days?):
            LatchkeyError(
                message: "Invalid expiry: at least a minute and at most \(days) days (the policy's maximum).",
                kind: .invalidInput)
        case .expiryBeyondPolicy(nil):
            LatchkeyError(message: "Invalid expiry: at least a minute.", kind: .invalidInput)
        }
    }
}

/// The scene shows three kinds of result: the service's display keeps the one its call awaits.
extension Reply: AccessTokensDisplayLogic {
    func displayCreated(viewModel: AccessTokens.Create.ViewModel) { show(any: viewModel) }
    func displayTokens(viewModel: AccessTokens.List.ViewModel) { show(any: viewModel) }
    func displayRevocation(viewModel: AccessTokens.Revoke.ViewModel) { show(any: viewModel) }
}
