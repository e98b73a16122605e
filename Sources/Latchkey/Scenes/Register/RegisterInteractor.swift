import Foundation

/// Validates a registration, hashes the password and stores the account.
package final class RegisterInteractor: SceneInteractor<any RegisterPresentationLogic>, RegisterBusinessLogic {

    package func register(request: Register.CreateAccount.Request) {
        presenter.presentRegistration(
            response: SceneWork.respond {
                do {
                    let fields = try validate(request)
                    // Counted before the hash, so a flood from one address costs one cheap write each.
                    let now = workers.time.now()
                    let refused = try workers.database.write { db -> Duration? in
                        try throttle.reserveRegistration(now: now, in: db)
                            ? nil : try throttle.registrationLockRemaining(now: now, in: db) ?? .zero
                    }
                    if let refused { return .rejected(.throttled(retryAfter: refused)) }
                    // A code that cannot be used costs no hash; the write checks it again as it uses it.
                    if let code = fields.invitation {
                        try workers.database.read { db in try check(code, for: fields, now: now, in: db) }
                    }
                    // Slow, so outside any transaction; the unique index decides who gets the name.
                    return .registered(try store(fields, hash: try workers.hasher.hash(fields.password)))
                } catch let failure as Register.CreateAccount.Problem {
                    return .rejected(failure)
                } catch AccountConflictError.usernameTaken {
                    return .rejected(.usernameTaken)
                } catch AccountConflictError.emailTaken {
                    return .rejected(.emailTaken)
                }
            })
    }

    private struct Fields {
        let username: Username
        let email: EmailAddress?
        let phone: PhoneNumber?
        let displayName: DisplayName?
        let password: String
        let invitation: InvitationCode?
    }

    /// Refuses an invitation that cannot be used by this registration (now).
    private func check(
        _ code: InvitationCode, for fields: Fields, now: Date, in db: Database
    ) throws {
        guard let invitation = try workers.invitations.find(code, in: db) else {
            throw Register.CreateAccount.Problem.invitationRefused(.unknown)
        }
        try check(invitation, for: fields, now: now)
    }

    private func check(_ invitation: StoredInvitation, for fields: Fields, now: Date) throws {
        if invitation.usedAt != nil { throw Register.CreateAccount.Problem.invitationRefused(.used) }
        if invitation.expiresAt <= now { throw Register.CreateAccount.Problem.invitationRefused(.expired) }
        try checkEmail(of: invitation, for: fields)
    }

    /// Refuses an invitation naming another address than the registration's.
    private func checkEmail(of invitation: StoredInvitation, for fields: Fields) throws {
        if let key = invitation.emailKey, fields.email.map({ EmailKey.of($0.value) }) != key {
            throw Register.CreateAccount.Problem.invitationRefused(.emailMismatch)
        }
    }

    /// Checks every field against its Validation type.
    private func validate(_ request: Register.CreateAccount.Request) throws(Register.CreateAccount.Problem) -> Fields {
        let username: Username
        do { username = try Username(request.username) } catch { throw .invalidUsername(error) }
        var email: EmailAddress?
        if let input = nonEmpty(request.email) {
            do { email = try EmailAddress(input) } catch { throw .invalidEmail }
        }
        var phone: PhoneNumber?
        if let input = nonEmpty(request.phone) {
            do { phone = try PhoneNumber(input) } catch { throw .invalidPhone(reason: error.reason) }
        }
        var displayName: DisplayName?
        if let input = nonEmpty(request.displayName) {
            do { displayName = try DisplayName(input) } catch { throw .invalidDisplayName }
        }
        let password: String
        do {
            password = try PasswordRules(policy: workers.policy).check(
                request.password, username: username, email: email)
        } catch {
            throw .passwordRejected(error)
        }
        var invitation: InvitationCode?
        if let input = nonEmpty(request.invitation) {
            guard let code = InvitationCode(input) else { throw .invitationRefused(.unknown) }
            invitation = code
        }
        return Fields(
            username: username, email: email, phone: phone, displayName: displayName, password: password,
            invitation: invitation)
    }

    private func store(_ fields: Fields, hash: String) throws -> UserProfile {
        let account = NewAccount(
            username: fields.username, email: fields.email, phone: fields.phone, displayName: fields.displayName,
            passwordHash: hash)
        // Room for the verification code's message before the account is written: a full queue
        // refuses the registration with nothing stored.
        let reservation = try workers.reserveDelivery(fields.email != nil && workers.canDeliver ? 1 : 0)
        let (profile, message) = try workers.database.write { db in
            let now = workers.time.now()
            // Used first: of registrations racing with one code, the others wait here and find it used.
            let invitation = try fields.invitation.map { code in
                guard let invitation = try workers.invitations.use(code, now: now, in: db) else {
                    let current = try workers.invitations.find(code, in: db)
                    throw Register.CreateAccount.Problem.invitationRefused(
                        current == nil ? .unknown : current?.usedAt != nil ? .used : .expired)
                }
                try checkEmail(of: invitation, for: fields)
                return invitation
            }
            var profile = try workers.accounts.insert(account, now: now, in: db)
            try audit.record(.registered, usernameKey: profile.username, userID: profile.id, now: now, in: db)
            if let invitation {
                profile.roles = try workers.invitations.complete(
                    invitationID: invitation.id, userID: profile.id, in: db)
                try audit.record(
                    .registeredByInvitation, usernameKey: profile.username, userID: profile.id,
                    detail: Self.detail(invitationID: invitation.id, roles: profile.roles), now: now, in: db)
            }
            // An address given at registration is not trusted until its code comes back.
            let message = try profile.email.flatMap { address in
                workers.canDeliver
                    ? try startEmailVerification(user: profile, address: address, now: now, in: db) : nil
            }
            return (profile, message)
        }
        if let message { reservation.send(message, with: workers) }
        return profile
    }

    /// The audit trail's words for an invitation: its number and the roles it grants.
    static func detail(invitationID: Int64, roles: [String]) -> String {
        "invitation \(invitationID)" + (roles.isEmpty ? "" : "; roles: " + roles.joined(separator: ", "))
    }

    /// An optional field left empty counts as not given.
    private func nonEmpty(_ text: String?) -> String? { text?.isEmpty == false ? text : nil }
}
