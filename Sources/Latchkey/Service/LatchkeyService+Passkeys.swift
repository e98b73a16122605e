public import Foundation

/// Passkeys (WebAuthn): enrolling one for the signed-in user, signing in with one, and managing
/// them. The ceremonies' options and the browser's responses are the WebAuthn Level 3 JSON forms
/// (`PublicKeyCredential.parseCreationOptionsFromJSON`, `credential.toJSON()`). Passkeys are off
/// until the Workers have a ``RelyingParty``.
extension LatchkeyService {
    /// Whether passkeys are on: the Workers have a ``RelyingParty``. A page offers passkey
    /// ceremonies only then.
    public var passkeysEnabled: Bool { workers.relyingParty != nil }

    /// The options of a new passkey for the signed-in user, whose session must have signed in
    /// within the policy's `passkeyEnrolmentWindow` (else `reauthentication_required`).
    public func passkeyCreationOptions(token: String) async throws(LatchkeyError) -> PasskeyCreationOptions {
        try await logged("passkey_options") { () async throws(LatchkeyError) in
            let request = Passkeys.Enrol.Request(token: try Self.session(token, for: "add a passkey"))
            return try await show(on: database, nil) { scenes, display in
                scenes.makePasskeysScene(display: display).interactor.enrol(request: request)
            }
        }
    }

    /// Verifies and stores the browser's `RegistrationResponseJSON` (`json`) as a passkey named `name`.
    public func registerPasskey(token: String, response json: Data, name: String, client: ClientContext? = nil)
        async throws(LatchkeyError) -> PasskeySummary
    {
        try await logged("register_passkey") { () async throws(LatchkeyError) in
            let credential = try Self.decode(PasskeyRegistrationResponse.self, json)
            let transports = (try? JSONDecoder().decode(ReportedTransports.self, from: json))?.response.transports
            let request = Passkeys.Register.Request(
                token: try Self.session(token, for: "add a passkey"), credential: credential, name: name,
                transports: transports ?? [])
            return try await show(on: database, client) { scenes, display in
                scenes.makePasskeysScene(display: display).interactor.register(request: request)
            }
        }
    }

    /// The options of a passkey sign-in: passwordless (`username` nil: the authenticator offers its
    /// passkeys for this site) or after a username (that account's passkeys; a name with no account
    /// gets options that look the same).
    public func passkeyRequestOptions(username: String? = nil) async throws(LatchkeyError) -> PasskeyRequestOptions {
        try await logged("passkey_sign_in_options") { () async throws(LatchkeyError) in
            let request = Passkeys.SignInOptions.Request(username: username)
            return try await show(on: database, nil) { scenes, display in
                scenes.makePasskeysScene(display: display).interactor.signInOptions(request: request)
            }
        }
    }

    /// Signs in with the browser's `AuthenticationResponseJSON` (`json`), answered as ``signIn(username:password:label:client:)``
    /// is: a passkey that verified the user completes the sign-in; one that did not counts as one
    /// factor. A wrong, replayed or unknown assertion is `invalid_credentials` and counts in the
    /// throttle like a wrong password.
    public func signInWithPasskey(response json: Data, label: String? = nil, client: ClientContext? = nil)
        async throws(LatchkeyError) -> SignInResult
    {
        try await logged("passkey_sign_in") { () async throws(LatchkeyError) in
            let credential: PasskeyAuthenticationResponse
            do {
                credential = try Self.decode(PasskeyAuthenticationResponse.self, json)
            } catch {
                throw LatchkeyError.invalidCredentials
            }
            let request = Login.Passkey.Request(credential: credential, label: label)
            let result = try await keptOrEnded(
                try await show(on: database, client) { scenes, display in
                    scenes.makeLoginScene(display: display).interactor.loginWithPasskey(request: request)
                }, from: client)
            logSignIn(result)
            return result
        }
    }

    /// The signed-in user's passkeys, oldest first.
    public func passkeys(token: String) async throws(LatchkeyError) -> [PasskeySummary] {
        try await logged("passkeys") { () async throws(LatchkeyError) in
            let request = Passkeys.List.Request(token: try Self.session(token, for: "list passkeys"))
            return try await show(on: database, nil) { scenes, display in
                scenes.makePasskeysScene(display: display).interactor.list(request: request)
            }
        }
    }

    /// Renames one of the signed-in user's passkeys (`id` as listed).
    public func renamePasskey(token: String, id: String, name: String, client: ClientContext? = nil)
        async throws(LatchkeyError) -> PasskeySummary
    {
        try await change(token: token, id: id, .rename(name), client: client, operation: "rename_passkey")
    }

    /// Removes one of the signed-in user's passkeys; refused when it is the account's only way in.
    public func removePasskey(token: String, id: String, client: ClientContext? = nil)
        async throws(LatchkeyError) -> PasskeySummary
    {
        try await change(token: token, id: id, .revoke, client: client, operation: "remove_passkey")
    }

    private func change(
        token: String, id: String, _ action: Passkeys.Change.Action, client: ClientContext?, operation: String
    ) async throws(LatchkeyError) -> PasskeySummary {
        try await logged(operation) { () async throws(LatchkeyError) in
            let request = Passkeys.Change.Request(
                token: try Self.session(token, for: "change passkeys"), id: id, action: action)
            return try await show(on: database, client) { scenes, display in
                scenes.makePasskeysScene(display: display).interactor.change(request: request)
            }
        }
    }

    private static func decode<Value: Decodable>(_ type: Value.Type, _ json: Data) throws(LatchkeyError) -> Value {
        guard json.count <= 64 * 1024, let value = try? JSONDecoder().decode(type, from: json) else {
            throw LatchkeyError(code: .invalidInput, message: "The passkey response is not WebAuthn's JSON form.")
        }
        return value
    }

    /// The `response.transports` a registration reports.
    private struct ReportedTransports: Decodable {
        struct Response: Decodable { let transports: [String]? }
        let response: Response
    }
}
