/// The signed-in user's second factor (TOTP): enroll, confirm, disable, replace the recovery codes.
extension LatchkeyService {
    /// Applies `action` for the user of `token`; every action but `confirm` asks for the password
    /// again (and `disable` and `replaceRecoveryCodes` for a code), so it runs on the hashing lane.
    public func secondFactor(
        token: String, _ action: SecondFactor.Action, client: ClientContext? = nil
    ) async throws(LatchkeyError) -> SecondFactorResult {
        try await logged("second_factor") { () async throws(LatchkeyError) in
            let request = SecondFactor.Change.Request(
                token: try Self.session(token, for: "change the second factor"), action: action)
            let response = try await runOnHashingLane(client) { workers in
                Capture<SecondFactor.Change.Response>.answer {
                    SecondFactorInteractor(presenter: $0, workers: workers).change(request: request)
                }
            }
            switch response {
            case .pending(let uri, let secret):
                return SecondFactorResult(status: .pending, uri: uri, secret: secret, recoveryCodes: nil)
            case .enabled(let codes):
                return SecondFactorResult(status: .enabled, uri: nil, secret: nil, recoveryCodes: codes)
            case .disabled:
                return SecondFactorResult(status: .disabled, uri: nil, secret: nil, recoveryCodes: nil)
            case .recoveryCodes(let codes):
                return SecondFactorResult(status: .recoveryCodesReplaced, uri: nil, secret: nil, recoveryCodes: codes)
            case .alreadyOn, .notOn, .invalidCredentials, .throttled:
                throw Self.failed(SecondFactorPresenter.viewModel(for: response))
            case .sessionRefused(let problem): throw .session(problem)
            case .unavailable(let problem): throw .unavailable(problem)
            }
        }
    }
}

extension SecondFactor.Change.ViewModel: FailureCarrying {
    var failure: LatchkeyError? {
        if case .failed(let failure) = self { failure } else { nil }
    }
}
