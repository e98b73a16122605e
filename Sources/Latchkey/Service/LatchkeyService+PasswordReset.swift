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
            let _: String = try await show(on: database, client) { scenes, display in
                scenes.makePasswordResetScene(display: display).interactor
                    .beginReset(request: request)
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
            return try await show(on: hashing, client) { scenes, display in
                scenes.makePasswordResetScene(display: display).interactor
                    .completeReset(request: request)
            }
        }
    }
}
