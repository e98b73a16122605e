/// The signed-in user's second factor (TOTP): enroll, confirm, disable, replace the recovery codes.
extension LatchkeyService {
    /// Applies `action` for the user of `token`; every action but `confirm` asks for the password
    /// again (and `disable` and `replaceRecoveryCodes` for a code), so it runs on the hashing lane.
    public func secondFactor(
        token: String, _ action: SecondFactorAction, client: ClientContext? = nil
    ) async throws(LatchkeyError) -> SecondFactorResult {
        try await logged("second_factor") { () async throws(LatchkeyError) in
            let request = SecondFactor.Change.Request(
                token: try Self.session(token, for: "change the second factor"), action: action)
            return try await show(on: hashing, client) { scenes, display in
                scenes.makeSecondFactorScene(display: display).interactor
                    .change(request: request)
            }
        }
    }
}
