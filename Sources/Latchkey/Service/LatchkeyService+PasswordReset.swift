/// Self-service password reset by one-time code: the application delivers the code
/// (`LatchkeyWorkers(delivery:)`), Latchkey owns it, its lifetime, throttling and audit.
extension LatchkeyService {
    /// Asks for a reset code for `account` (a username, or an email address once verified). Answers
    /// the same, in no less than `SecurityPolicy.resetRequestFloor`, whether or not such an enabled
    /// account exists; the code goes to the delivery after the answer, on the delivery lane. Throws
    /// `unavailable` when no delivery is configured (before anything is looked up).
    public func requestPasswordReset(account: String, client: ClientContext? = nil) async throws(LatchkeyError) {
        // Padded to the policy's floor, whatever the outcome: the answer's time tells nothing.
        let answerAt = ContinuousClock.now + workers.policy.resetRequestFloor
        let outcome: Result<Void, LatchkeyError>
        do { outcome = .success(try await requestReset(account: account, client: client)) } catch {
            outcome = .failure(error)
        }
        try? await Task.sleep(until: answerAt, clock: .continuous)
        try outcome.get()
    }

    private func requestReset(account: String, client: ClientContext?) async throws(LatchkeyError) {
        try await logged("request_password_reset") { () async throws(LatchkeyError) in
            let request = PasswordReset.Begin.Request(account: account)
            let response = try await runOnDatabaseLane(client) { workers in
                Capture<PasswordReset.Begin.Response>.answer {
                    PasswordResetInteractor(presenter: $0, workers: workers).beginReset(request: request)
                }
            }
            switch response {
            case .requested: return
            case .deliveryNotConfigured: throw Self.failed(PasswordResetPresenter.viewModel(for: response))
            case .unavailable(let problem): throw .unavailable(problem)
            }
        }
    }

    /// Sets a new password with the username and the code; every session of the user ends, every
    /// outstanding code is deleted, the second factor stays. Answers how many sessions ended.
    public func completePasswordReset(
        username: String, code: String, newPassword: String, client: ClientContext? = nil
    ) async throws(LatchkeyError) -> PasswordResetResult {
        try await complete(.code(username: username, code: code), newPassword: newPassword, client: client)
    }

    /// The same with the link token from the message's URL instead of the username and code.
    public func completePasswordReset(
        linkToken: String, newPassword: String, client: ClientContext? = nil
    ) async throws(LatchkeyError) -> PasswordResetResult {
        try await complete(.link(token: linkToken), newPassword: newPassword, client: client)
    }

    private func complete(
        _ proof: PasswordReset.Complete.Proof, newPassword: String, client: ClientContext?
    ) async throws(LatchkeyError) -> PasswordResetResult {
        try await logged("complete_password_reset") { () async throws(LatchkeyError) in
            let request = PasswordReset.Complete.Request(proof: proof, newPassword: newPassword)
            let response = try await runOnHashingLane(client) { workers in
                Capture<PasswordReset.Complete.Response>.answer {
                    PasswordResetInteractor(presenter: $0, workers: workers).completeReset(request: request)
                }
            }
            switch response {
            case .reset(_, let ended, let revoked):
                return PasswordResetResult(sessionsEnded: ended, accessTokensRevoked: revoked)
            case .invalidCode, .throttled, .rejected: throw Self.failed(PasswordResetPresenter.viewModel(for: response))
            case .unavailable(let problem): throw .unavailable(problem)
            }
        }
    }
}

extension Capture: PasswordResetPresentationLogic {
    func presentBegun(response: PasswordReset.Begin.Response) { self.response = response as? Response }
    func presentCompleted(response: PasswordReset.Complete.Response) { self.response = response as? Response }
    func presentIssued(response: PasswordReset.Issue.Response) { self.response = response as? Response }
}

extension PasswordReset.Begin.ViewModel: FailureCarrying {
    var failure: LatchkeyError? {
        if case .failed(let failure) = self { failure } else { nil }
    }
}

extension PasswordReset.Complete.ViewModel: FailureCarrying {
    var failure: LatchkeyError? {
        if case .failed(let failure) = self { failure } else { nil }
    }
}
