public import Logging

/// What the service logs: how each call ended, by its stable code, and sign-ins and new accounts by
/// user id. Never a password, a token, a code or a typed name (a mistyped password is often typed
/// into the name field): failures of input are logged by code alone.
extension LatchkeyService {
    /// A logger that drops everything: the default, so an embedder opts in.
    public static let silentLogger = Logger(label: "latchkey", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Runs one call of the service and logs how it ended. A refusal of the access token `refusing`
    /// is logged once per token per `AccessTokenGate.refusalWindow`, saying how many were held back.
    func logged<T>(
        _ operation: String, refusing accessToken: String? = nil, _ body: () async throws(LatchkeyError) -> T
    ) async throws(LatchkeyError) -> T {
        do {
            let value = try await body()
            logger.debug("\(operation) done", metadata: ["operation": .string(operation)])
            return value
        } catch {
            var metadata: Logger.Metadata = ["operation": .string(operation), "code": .string(error.code.rawValue)]
            if Self.mayQuoteInput(error.code) == false { metadata["reason"] = .string(error.message) }
            if let accessToken, Self.isRefusal(error.code) {
                // Keyed by the token's hash, never the token; one key for text that is no token.
                let key = AccessToken(accessToken)?.hash ?? Array(AccessToken.prefix.utf8)
                guard let heldBack = refusalLog.admit(key, now: workers.time.now()) else { throw error }
                if heldBack > 0 { metadata["held_back"] = .stringConvertible(heldBack) }
            }
            logger.log(
                level: Self.level(of: error.code), "\(operation) failed: \(error.code.rawValue)", metadata: metadata)
            throw error
        }
    }

    /// A sign-in that got somewhere, by user id and session id (never the token).
    func logSignIn(_ result: SignInResult) {
        var metadata: Logger.Metadata = ["status": .string(result.status.rawValue)]
        if let principal = result.principal {
            metadata["user_id"] = .stringConvertible(principal.userID)
            metadata["session"] = .string(principal.session ?? "")
        }
        logger.info("sign-in: \(result.status.rawValue)", metadata: metadata)
    }

    /// How loud each ending is: an operator acts on warnings and errors, not on wrong passwords.
    static func level(of code: LatchkeyError.Code) -> Logger.Level {
        switch code {
        case .invalidCredentials, .throttled, .secondFactorRequired: .notice
        case .notSignedIn, .sessionExpired, .passwordChangeRequired, .reauthenticationRequired, .forbidden,
            .invalidInput, .weakPassword,
            .usernameTaken, .emailTaken, .notFound:
            .info
        case .overloaded, .busy: .warning
        case .unavailable, .storage: .error
        case .internalError: .critical
        }
    }

    /// The answers that refuse a credential.
    private static func isRefusal(_ code: LatchkeyError.Code) -> Bool {
        [.notSignedIn, .sessionExpired, .passwordChangeRequired].contains(code)
    }

    /// Input failures whose wording may quote what was typed.
    private static func mayQuoteInput(_ code: LatchkeyError.Code) -> Bool {
        [.invalidInput, .weakPassword, .usernameTaken, .emailTaken].contains(code)
    }
}
