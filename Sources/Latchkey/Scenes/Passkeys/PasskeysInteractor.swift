import Foundation

/// A signed-in user's passkeys, and the options of a passkey sign-in. Every change is decided in
/// the write transaction that makes it (the count of passkeys, the credential ID's owner, the last
/// way in) and audited once.
package final class PasskeysInteractor: SceneInteractor<any PasskeysPresentationLogic>, PasskeysBusinessLogic {
    /// The algorithms offered, in the order of preference: EdDSA, ES256, RS256.
    static let algorithms: [COSEAlgorithm] = [.edDSA, .es256, .rs256]

    package func enrol(request: Passkeys.Enrol.Request) {
        let now = workers.time.now()
        presenter.presentEnrolment(
            response: SceneWork.respond {
                guard let party = workers.relyingParty else { return .rejected(.notConfigured) }
                return try workers.database.write { db in
                    let found = try workers.gate.authenticate(request.token, now: now, in: db)
                    try workers.gate.recordUse(found, now: now, in: db)
                    let user = found.user
                    guard isRecent(found.session.createdAt, now: now) else {
                        return .rejected(.reauthenticationRequired)
                    }
                    let existing = try workers.passkeys.list(userID: user.id, in: db)
                    guard existing.count < workers.policy.maximumPasskeys else {
                        return .rejected(.tooMany(limit: workers.policy.maximumPasskeys))
                    }
                    let handle = try workers.passkeys.userHandle(userID: user.id, in: db)
                    let challenge = try PasskeyChallenge.issue(
                        .registration, userID: user.id, expiresAt: expiry(now), secret: workers.secret)
                    return .options(
                        PasskeyCreationOptions(
                            rpID: party.id, rpName: party.name, userHandle: Base64.urlSafe(handle),
                            username: user.username, displayName: user.displayName ?? user.username,
                            challenge: Base64.urlSafe(challenge.bytes), algorithms: Self.algorithms.map(\.rawValue),
                            timeout: timeoutMilliseconds, exclude: existing.map(Self.descriptor),
                            userVerification: party.requiresUserVerification ? "required" : "preferred"))
                }
            })
    }

    package func register(request: Passkeys.Register.Request) {
        let now = workers.time.now()
        presenter.presentRegistration(
            response: SceneWork.respond {
                guard let party = workers.relyingParty else { return .rejected(.notConfigured) }
                guard let name = Self.checkedName(request.name) else { return .rejected(.invalidName) }
                let verified: VerifiedPasskeyRegistration
                let challenge: PasskeyChallenge
                do throws(PasskeyError) {
                    challenge = try PasskeyChallenge.inClientData(
                        request.credential.response.clientDataJSON, for: .registration, secret: workers.secret, now: now
                    )
                    verified = try PasskeyRegistrationVerifier(
                        relyingParty: party.verifying, algorithms: Self.algorithms
                    )
                    .verify(request.credential, challenge: challenge.bytes)
                } catch {
                    return .rejected(.refused(error))
                }
                return try workers.database.write { db in
                    let found = try workers.gate.authenticate(request.token, now: now, in: db)
                    try workers.gate.recordUse(found, now: now, in: db)
                    let user = found.user
                    // The challenge was made for this account, by a session recent enough.
                    guard challenge.userID == user.id else { return .rejected(.refused(.challengeMismatch)) }
                    guard isRecent(found.session.createdAt, now: now) else {
                        return .rejected(.reauthenticationRequired)
                    }
                    guard
                        try workers.usedChallenges.use(
                            challenge.bytes, expiresAt: challenge.expiresAt, now: now, in: db)
                    else { return .rejected(.refused(.challengeMismatch)) }
                    guard try workers.passkeys.count(userID: user.id, in: db) < workers.policy.maximumPasskeys else {
                        return .rejected(.tooMany(limit: workers.policy.maximumPasskeys))
                    }
                    let new = NewPasskey(
                        credentialID: verified.credentialID, publicKey: verified.publicKey,
                        algorithm: verified.algorithm.rawValue, signCount: verified.signCount, name: name,
                        aaguid: verified.aaguid, attestationFormat: verified.attestationFormat.rawValue,
                        transports: Self.transports(request.transports),
                        backupEligible: verified.backupEligible, backedUp: verified.backedUp,
                        userVerified: verified.userVerified)
                    guard let stored = try workers.passkeys.add(new, userID: user.id, now: now, in: db) else {
                        return .rejected(.alreadyRegistered)
                    }
                    try audit.record(
                        .passkeyRegistered, usernameKey: user.username, userID: user.id, detail: name, now: now, in: db)
                    return .registered(stored)
                }
            })
    }

    package func signInOptions(request: Passkeys.SignInOptions.Request) {
        let now = workers.time.now()
        presenter.presentSignInOptions(
            response: SceneWork.respond {
                guard let party = workers.relyingParty else { return .rejected(.notConfigured) }
                var allow: [PasskeyCredentialDescriptor] = []
                var userID: Int64?
                if let typed = request.username {
                    // A name with no account gets a credential that looks like one, the same each
                    // time (keyed on the name), so the options do not tell whether it exists.
                    if let name = try? Username(typed) {
                        // The account and its passkeys in one read.
                        let found = try workers.database.read { db -> (Int64, [StoredPasskey])? in
                            guard let account = try workers.accounts.credentials(for: name, in: db) else { return nil }
                            return (account.profile.id, try workers.passkeys.list(userID: account.profile.id, in: db))
                        }
                        userID = found?.0
                        allow = found?.1.map(Self.descriptor) ?? []
                    }
                    if allow.isEmpty {
                        let stand = try workers.secret.mac(
                            Array(typed.lowercased().utf8), keyID: 5, context: "lkpassid")
                        allow = [
                            PasskeyCredentialDescriptor(id: Base64.urlSafe(stand), transports: ["internal", "hybrid"])
                        ]
                    }
                }
                let challenge = try PasskeyChallenge.issue(
                    .authentication, userID: userID, expiresAt: expiry(now), secret: workers.secret)
                return .options(
                    PasskeyRequestOptions(
                        challenge: Base64.urlSafe(challenge.bytes), timeout: timeoutMilliseconds, rpID: party.id,
                        allow: allow, userVerification: party.requiresUserVerification ? "required" : "preferred"))
            })
    }

    package func list(request: Passkeys.List.Request) {
        let now = workers.time.now()
        presenter.presentList(
            response: SceneWork.respond {
                let (found, passkeys) = try workers.database.read { db in
                    let found = try workers.gate.authenticate(request.token, now: now, in: db)
                    return (found, try workers.passkeys.list(userID: found.user.id, in: db))
                }
                workers.recordUse(of: found, now: now)
                return .passkeys(passkeys)
            })
    }

    package func change(request: Passkeys.Change.Request) {
        let now = workers.time.now()
        presenter.presentChange(
            response: SceneWork.respond {
                try workers.database.write { db in
                    let found = try workers.gate.authenticate(request.token, now: now, in: db)
                    try workers.gate.recordUse(found, now: now, in: db)
                    let user = found.user
                    guard let passkey = try workers.passkeys.find(userID: user.id, shortID: request.id, in: db) else {
                        return .rejected(.noSuchPasskey)
                    }
                    switch request.action {
                    case .rename(let typed):
                        guard let name = Self.checkedName(typed) else { return .rejected(.invalidName) }
                        _ = try workers.passkeys.rename(id: passkey.id, userID: user.id, to: name, in: db)
                        try audit.record(
                            .passkeyRenamed, usernameKey: user.username, userID: user.id, detail: name, now: now,
                            in: db)
                        return .renamed(
                            try workers.passkeys.find(credentialID: passkey.credentialID, in: db) ?? passkey)
                    case .revoke:
                        // Decided here, with the account as it is now: a passkey that is its only way
                        // in stays.
                        let others = try workers.passkeys.count(userID: user.id, in: db) - 1
                        let account = try workers.accounts.credentials(userID: user.id, in: db)
                        let hasPassword = account.map { $0.passwordHash != ImportCandidate.noPassword } ?? false
                        guard others > 0 || hasPassword else { return .rejected(.lastSignInMethod) }
                        _ = try workers.passkeys.remove(id: passkey.id, userID: user.id, in: db)
                        try audit.record(
                            .passkeyRemoved, usernameKey: user.username, userID: user.id, detail: passkey.name,
                            now: now, in: db)
                        return .revoked(passkey)
                    }
                }
            })
    }

    private func isRecent(_ signedIn: Date, now: Date) -> Bool {
        now.timeIntervalSince(signedIn) <= TimeInterval(workers.policy.passkeyEnrolmentWindow.wholeSeconds)
    }

    private func expiry(_ now: Date) -> Date {
        now.addingTimeInterval(TimeInterval(workers.policy.passkeyChallengeLifetime.wholeSeconds))
    }

    private var timeoutMilliseconds: Int { Int(workers.policy.passkeyChallengeLifetime.wholeSeconds) * 1_000 }

    static func descriptor(_ passkey: StoredPasskey) -> PasskeyCredentialDescriptor {
        PasskeyCredentialDescriptor(id: Base64.urlSafe(passkey.credentialID), transports: passkey.transports)
    }

    /// A passkey's name: one line of 1 to 64 characters, trimmed, with nothing a terminal would act
    /// on or that hides itself (see `TerminalSafeText`): it is shown on terminals and account pages.
    static func checkedName(_ typed: String) -> String? {
        let name = typed.trimmingCharacters(in: .whitespaces)
        guard (1...64).contains(name.count), name.utf8.count <= 256, TerminalSafeText.isSafe(name) else { return nil }
        return name
    }

    /// The transports a browser reported, kept to the known names.
    static func transports(_ reported: [String]) -> [String] {
        let known: Set = ["usb", "nfc", "ble", "smart-card", "hybrid", "internal"]
        return Array(Set(reported.filter(known.contains))).sorted()
    }
}
