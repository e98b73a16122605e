/// Profile changes and email verification: the EditProfile scene over the service's lanes.
extension LatchkeyService {
    /// Changes the display name, phone or email of the session's user. A new email needs `password`
    /// and waits for its code (sent to it; the old address is told); the answer shows it pending.
    public func updateProfile(
        token: String, displayName: EditProfile.FieldChange = .keep, phone: EditProfile.FieldChange = .keep,
        email: EditProfile.FieldChange = .keep, password: String? = nil, client: ClientContext? = nil
    ) async throws(LatchkeyError) -> AccountProfile {
        try await logged("update_profile") { () async throws(LatchkeyError) in
            let request = EditProfile.Update.Request(
                token: try Self.session(token, for: "change the profile"), displayName: displayName, phone: phone,
                email: email, password: password)
            let scene: @Sendable (LatchkeyWorkers) -> EditProfile.Update.Response? = { workers in
                Capture<EditProfile.Update.Response>.answer {
                    EditProfileInteractor(presenter: $0, workers: workers).updateProfile(request: request)
                }
            }
            // A change of email verifies the password: the hashing lane, as every Argon2id.
            let response =
                email == .keep
                ? try await runOnDatabaseLane(client, scene) : try await runOnHashingLane(client, scene)
            switch response {
            case .updated(let user, let pending): return AccountProfile(user, pendingEmail: pending)
            case .sessionRefused(let problem): throw .session(problem)
            case .rejected, .invalidCredentials, .throttled:
                throw Self.failed(EditProfilePresenter.viewModel(for: response))
            case .unavailable(let problem): throw .unavailable(problem)
            }
        }
    }

    /// Sends a new verification code to the address waiting (or the account's unverified one);
    /// answers that address.
    public func requestEmailVerification(token: String, client: ClientContext? = nil) async throws(LatchkeyError)
        -> String
    {
        try await logged("request_email_verification") { () async throws(LatchkeyError) in
            let request = EditProfile.RequestVerification.Request(
                token: try Self.session(token, for: "verify an email address"))
            let response = try await runOnDatabaseLane(client) { workers in
                Capture<EditProfile.RequestVerification.Response>.answer {
                    EditProfileInteractor(presenter: $0, workers: workers).requestVerification(request: request)
                }
            }
            switch response {
            case .sent(let address): return address
            case .sessionRefused(let problem): throw .session(problem)
            case .nothingToVerify, .deliveryNotConfigured:
                throw Self.failed(EditProfilePresenter.viewModel(for: response))
            case .unavailable(let problem): throw .unavailable(problem)
            }
        }
    }

    /// Verifies the address with the code the signed-in user typed; answers the address, now the account's.
    public func verifyEmail(token: String, code: String, client: ClientContext? = nil) async throws(LatchkeyError)
        -> String
    {
        try await verify(.code(token: try Self.session(token, for: "verify an email address"), code: code), client)
    }

    /// Verifies the address with the link token from the message's URL (no session needed).
    public func verifyEmail(linkToken: String, client: ClientContext? = nil) async throws(LatchkeyError) -> String {
        try await verify(.link(token: linkToken), client)
    }

    private func verify(_ proof: EditProfile.Verify.Proof, _ client: ClientContext?) async throws(LatchkeyError)
        -> String
    {
        try await logged("verify_email") { () async throws(LatchkeyError) in
            let request = EditProfile.Verify.Request(proof: proof)
            let response = try await runOnDatabaseLane(client) { workers in
                Capture<EditProfile.Verify.Response>.answer {
                    EditProfileInteractor(presenter: $0, workers: workers).verifyEmail(request: request)
                }
            }
            switch response {
            case .verified(_, let address): return address
            case .sessionRefused(let problem): throw .session(problem)
            case .invalidCode, .throttled, .emailTaken: throw Self.failed(EditProfilePresenter.viewModel(for: response))
            case .unavailable(let problem): throw .unavailable(problem)
            }
        }
    }
}

extension Capture: EditProfilePresentationLogic {
    func presentUpdate(response: EditProfile.Update.Response) { self.response = response as? Response }
    func presentVerificationRequest(response: EditProfile.RequestVerification.Response) {
        self.response = response as? Response
    }
    func presentVerification(response: EditProfile.Verify.Response) { self.response = response as? Response }
}

extension EditProfile.Update.ViewModel: FailureCarrying {
    var failure: LatchkeyError? {
        if case .failed(let failure) = self { failure } else { nil }
    }
}

extension EditProfile.RequestVerification.ViewModel: FailureCarrying {
    var failure: LatchkeyError? {
        if case .failed(let failure) = self { failure } else { nil }
    }
}

extension EditProfile.Verify.ViewModel: FailureCarrying {
    var failure: LatchkeyError? {
        if case .failed(let failure) = self { failure } else { nil }
    }
}
