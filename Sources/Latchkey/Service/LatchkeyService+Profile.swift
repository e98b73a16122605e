/// Profile changes and email verification: the EditProfile scene over the service's lanes.
extension LatchkeyService {
    /// Changes the display name, phone or email of the session's user. A new email needs `password`
    /// and waits for its code (sent to it; the old address is told); the answer shows it pending.
    public func updateProfile(
        token: String, displayName: ProfileFieldChange = .keep, phone: ProfileFieldChange = .keep,
        email: ProfileFieldChange = .keep, password: String? = nil, client: ClientContext? = nil
    ) async throws(LatchkeyError) -> Principal {
        try await logged("update_profile") { () async throws(LatchkeyError) in
            let request = EditProfile.Update.Request(
                token: try Self.session(token, for: "change the profile"), displayName: displayName, phone: phone,
                email: email, password: password)
            // A change of email verifies the password: the hashing lane, as every Argon2id.
            return try await show(on: email == .keep ? database : hashing, client) { scenes, display in
                scenes.makeEditProfileScene(display: display).interactor
                    .updateProfile(request: request)
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
            return try await show(on: database, client) { scenes, display in
                scenes.makeEditProfileScene(display: display).interactor
                    .requestVerification(request: request)
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
            return try await show(on: database, client) { scenes, display in
                scenes.makeEditProfileScene(display: display).interactor
                    .verifyEmail(request: request)
            }
        }
    }
}
