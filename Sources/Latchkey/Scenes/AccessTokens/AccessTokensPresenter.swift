/// Turns access tokens into what a display shows; the new token's text only in `created`.
package final class AccessTokensPresenter: ScenePresenter<any AccessTokensDisplayLogic>, AccessTokensPresentationLogic {
    package func presentCreated(response: AccessTokens.Create.Response) {
        display?.displayCreated(viewModel: Self.viewModel(for: response))
    }

    package func presentTokens(response: AccessTokens.List.Response) {
        display?.displayTokens(viewModel: Self.viewModel(for: response))
    }

    package func presentRevocation(response: AccessTokens.Revoke.Response) {
        display?.displayRevocation(viewModel: Self.viewModel(for: response))
    }

    static func viewModel(for response: AccessTokens.Create.Response) -> AccessTokens.Create.ViewModel {
        switch response {
        case .created(let info, let token): .created(token: token.secret, entry: entry(info))
        case .refused(let refusal): .failed(failure(refusal))
        case .sessionRefused(let problem): .failed(.session(problem))
        case .unavailable(let problem): .failed(.unavailable(problem))
        }
    }

    static func viewModel(for response: AccessTokens.List.Response) -> AccessTokens.List.ViewModel {
        switch response {
        case .tokens(let tokens): .tokens(tokens.map(entry))
        case .sessionRefused(let problem): .failed(.session(problem))
        case .unavailable(let problem): .failed(.unavailable(problem))
        }
    }

    static func viewModel(for response: AccessTokens.Revoke.Response) -> AccessTokens.Revoke.ViewModel {
        switch response {
        case .revoked(let info): .revoked(message: "Revoked the access token \(TerminalEscaping.escape(info.name)).")
        case .noSuchToken:
            .failed(
                LatchkeyError(message: "No access token of yours has that id.", kind: .invalidInput, code: .notFound)
            )
        case .sessionRefused(let problem): .failed(.session(problem))
        case .unavailable(let problem): .failed(.unavailable(problem))
        }
    }

    private static func failure(_ refusal: AccessTokens.Create.Refusal) -> LatchkeyError {
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

    static func entry(_ info: AccessTokenInfo) -> AccessTokens.Entry {
        AccessTokens.Entry(
            id: info.shortID, name: info.name, roles: info.roles, created: DateText.format(info.createdAt),
            createdISO8601: DateText.iso8601(info.createdAt), expires: info.expiresAt.map(DateText.format) ?? "never",
            expiresISO8601: info.expiresAt.map(DateText.iso8601),
            lastUsed: info.lastUsedAt.map(DateText.format) ?? "never",
            lastUsedISO8601: info.lastUsedAt.map(DateText.iso8601), lastUsedAddress: info.lastUsedAddress,
            lastUsedAgent: info.lastUsedAgent)
    }
}
