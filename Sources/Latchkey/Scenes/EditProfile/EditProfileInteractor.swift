import Foundation

/// Changes a signed-in user's profile and verifies email addresses. A new address is kept beside
/// its code, not on the account, until the code comes back; the old address stays and is told. An
/// unverified address reserves nothing: the first account to verify one gets it (the unique key over
/// verified addresses decides, in the transaction that uses the code), and the other accounts'
/// unverified copies are dropped there, their verified addresses told. Wrong codes count in the
/// sign-in throttle like wrong passwords.
package final class EditProfileInteractor: SceneInteractor<any EditProfilePresentationLogic>,
    EditProfileBusinessLogic
{
    package func updateProfile(request: EditProfile.Update.Request) {
        presenter.presentUpdate(response: SceneWork.respond { try update(request) })
    }

    package func requestVerification(request: EditProfile.RequestVerification.Request) {
        presenter.presentVerificationRequest(response: SceneWork.respond { try requestCode(request) })
    }

    package func verifyEmail(request: EditProfile.Verify.Request) {
        presenter.presentVerification(response: SceneWork.respond { try verify(request) })
    }

    // MARK: Update

    private struct Checked {
        var displayName = EditProfile.FieldChange.keep
        var phone = EditProfile.FieldChange.keep
        var email: EmailAddress?
        var removeEmail = false
    }

    /// Each changed field through its Validation type, in its stored form.
    private func check(_ request: EditProfile.Update.Request) throws(EditProfile.Update.Problem) -> Checked {
        var checked = Checked()
        switch request.displayName {
        case .keep: break
        case .remove, .set(""): checked.displayName = .remove
        case .set(let text):
            do { checked.displayName = .set(try DisplayName(text).value) } catch { throw .invalidDisplayName }
        }
        switch request.phone {
        case .keep: break
        case .remove, .set(""): checked.phone = .remove
        case .set(let text):
            do { checked.phone = .set(try PhoneNumber(text).e164) } catch { throw .invalidPhone(reason: error.reason) }
        }
        switch request.email {
        case .keep: break
        case .remove, .set(""): checked.removeEmail = true
        case .set(let text):
            do { checked.email = try EmailAddress(text) } catch { throw .invalidEmail }
        }
        if request.displayName == .keep && request.phone == .keep && request.email == .keep {
            throw .nothingToChange
        }
        if request.email != .keep {
            guard let password = request.password, !password.isEmpty else { throw .passwordRequired }
            guard checked.email == nil || workers.canDeliver else { throw .deliveryNotConfigured }
        }
        return checked
    }

    private func update(_ request: EditProfile.Update.Request) throws -> EditProfile.Update.Response {
        let checked: Checked
        do { checked = try check(request) } catch { return .rejected(error) }
        // A change of address sends a code and a notice: room for both before anything is written.
        let reservation = try workers.reserveDelivery(request.email == .keep ? 0 : 2)
        let now = workers.time.now()
        var messages: [OutgoingMessage] = []
        let response: EditProfile.Update.Response
        if request.email == .keep {
            response = try workers.database.write { db in
                let found = try workers.gate.authenticate(request.token, now: now, in: db)
                try workers.gate.recordUse(found, now: now, in: db)
                return try apply(checked, user: found.user, now: now, messages: &messages, in: db)
            }
        } else {
            response = try reauthentication.run(
                token: request.token, password: request.password ?? "", failure: .profileChangeFailed, now: now
            ) { found, db in try apply(checked, user: found.user, now: now, messages: &messages, in: db) }
        }
        if case .updated = response { messages.forEach { reservation.send($0, with: workers) } }
        return response
    }

    /// Stores the change in the caller's transaction; a new address only gets its code.
    private func apply(
        _ checked: Checked, user: UserProfile, now: Date, messages: inout [OutgoingMessage], in db: Database
    ) throws -> EditProfile.Update.Response {
        guard let current = try workers.accounts.credentials(userID: user.id, in: db)?.profile else {
            throw SessionProblem.notSignedIn
        }
        let oldAddress = current.emailVerified ? current.email : nil
        if let email = checked.email, email.key != current.email.map(EmailKey.of) {
            guard try !workers.accounts.emailVerifiedByAnother(email, userID: user.id, in: db) else {
                return .rejected(.emailTaken)
            }
            let code = try startEmailVerification(user: current, address: email.value, now: now, in: db)
            messages.append(code)
            if let oldAddress {
                var notice = OutgoingMessage(
                    kind: .emailChangeNotice, to: oldAddress, username: current.username,
                    displayName: current.displayName, code: nil, linkToken: nil, expiresAt: code.expiresAt)
                notice.newAddress = EmailMask.mask(email.value)
                messages.append(notice)
            }
        } else if checked.email != nil, !current.emailVerified, let address = current.email {
            // The same address again, not yet verified: a fresh code for it, unless one went moments ago.
            if try codeRequests.allowsCode(
                for: user.id, kind: OneTimeCodeKind.emailVerification, codes: workers.oneTimeCodes, now: now, in: db)
            {
                messages.append(try startEmailVerification(user: current, address: address, now: now, in: db))
            }
        } else if checked.removeEmail, current.email != nil {
            try workers.accounts.removeEmail(userID: user.id, now: now, in: db)
            try workers.oneTimeCodes.deleteAll(userID: user.id, kind: .emailVerification, in: db)
            if let oldAddress {
                messages.append(
                    OutgoingMessage(
                        kind: .emailChangeNotice, to: oldAddress, username: current.username,
                        displayName: current.displayName, code: nil, linkToken: nil, expiresAt: now))
            }
        }
        try workers.accounts.updateContact(
            userID: user.id, displayName: checked.displayName, phone: checked.phone, now: now, in: db)
        try audit.record(.profileChanged, usernameKey: user.username, userID: user.id, now: now, in: db)
        guard let updated = try workers.accounts.credentials(userID: user.id, in: db)?.profile else {
            throw SessionProblem.notSignedIn
        }
        let pending = try workers.oneTimeCodes.find(userID: user.id, kind: .emailVerification, in: db)
        return .updated(updated, pendingEmail: pending.flatMap { $0.expiresAt > now ? $0.email : nil })
    }

    // MARK: Verification

    private func requestCode(_ request: EditProfile.RequestVerification.Request) throws
        -> EditProfile.RequestVerification.Response
    {
        guard workers.canDeliver else { return .deliveryNotConfigured }
        let reservation = try workers.reserveDelivery()
        let now = workers.time.now()
        let (address, message): (String?, OutgoingMessage?) = try workers.database.write { db in
            let found = try workers.gate.authenticate(request.token, now: now, in: db)
            try workers.gate.recordUse(found, now: now, in: db)
            guard let user = try workers.accounts.credentials(userID: found.user.id, in: db)?.profile else {
                throw SessionProblem.notSignedIn
            }
            let pending = try workers.oneTimeCodes.find(userID: user.id, kind: .emailVerification, in: db)?.email
            guard let address = pending ?? (user.emailVerified ? nil : user.email) else { return (nil, nil) }
            // Within the cooldown (or past the address's budget) the code already sent stays the
            // one to type: answered alike, nothing new is delivered.
            guard
                try codeRequests.allowsCode(
                    for: user.id, kind: OneTimeCodeKind.emailVerification, codes: workers.oneTimeCodes, now: now, in: db
                )
            else { return (address, nil) }
            return (address, try startEmailVerification(user: user, address: address, now: now, in: db))
        }
        guard let address else { return .nothingToVerify }
        if let message { reservation.send(message, with: workers) }
        return .sent(address: address)
    }

    /// A code checked and its attempt counted, in the transaction that uses it.
    private func verify(_ request: EditProfile.Verify.Request) throws -> EditProfile.Verify.Response {
        let now = workers.time.now()
        var notices: [OutgoingMessage] = []
        let response: EditProfile.Verify.Response
        do {
            response = try workers.database.write { db in
                notices = []
                return try verify(request.proof, now: now, notices: &notices, in: db)
            }
        } catch let error as DatabaseError where error.brokeUniqueness(of: "users", "email_key") {
            // Another account's transaction verified the address first (PostgreSQL's unique index).
            return .emailTaken
        }
        if case .verified = response, !notices.isEmpty {
            // Notices, not codes: a full queue drops them, audited, and never undoes the verification.
            if let reservation = try? workers.reserveDelivery(notices.count) {
                notices.forEach { reservation.send($0, with: workers) }
            } else {
                notices.forEach { workers.auditUndelivered($0, detail: "dropped: the delivery queue was full") }
            }
        }
        return response
    }

    private func verify(
        _ proof: EditProfile.Verify.Proof, now: Date, notices: inout [OutgoingMessage], in db: Database
    ) throws -> EditProfile.Verify.Response {
        let account: AccountCredentials?
        let stored: StoredOneTimeCode?
        switch proof {
        case .code(let token, _):
            let found = try workers.gate.authenticate(token, now: now, in: db)
            try workers.gate.recordUse(found, now: now, in: db)
            account = try workers.accounts.credentials(userID: found.user.id, in: db)
            stored = try workers.oneTimeCodes.find(userID: found.user.id, kind: .emailVerification, in: db)
        case .link(let token):
            // 256 bits: an unknown link is not a guess worth counting, and names no one.
            guard let linkHash = OneTimeCode.linkHash(token),
                let found = try workers.oneTimeCodes.find(linkHash: linkHash, in: db), found.kind == .emailVerification
            else { return .invalidCode }
            stored = found
            account = try workers.accounts.credentials(userID: found.userID, in: db)
        }
        guard let account else { return .invalidCode }
        let user = account.profile
        guard let reservation = try throttle.reserve(user.username, now: now, in: db) else {
            return .throttled(retryAfter: try throttle.lockRemaining(user.username, now: now, in: db) ?? .zero)
        }
        let matches: Bool
        switch (proof, stored) {
        case (.code(_, let typed), let stored?):
            matches = try OneTimeCode.matches(typed, stored, secret: workers.secret)
        case (.link, _?): matches = true
        default: matches = false
        }
        guard matches, let stored, stored.expiresAt > now, !account.isDisabled,
            try workers.oneTimeCodes.consume(stored, in: db)
        else {
            try audit.record(
                .emailVerificationCodeFailed, usernameKey: user.username, userID: user.id, now: now, in: db)
            return .invalidCode
        }
        // The code was right: its attempt is not a failure (and ends no run of failures either).
        try throttle.giveBack(reservation, in: db)
        // A code without its address had it dropped: another account verified the address first.
        guard let address = stored.email.flatMap({ try? EmailAddress($0) }),
            try !workers.accounts.emailVerifiedByAnother(address, userID: user.id, in: db)
        else { return .emailTaken }
        try workers.accounts.setVerifiedEmail(userID: user.id, to: address, now: now, in: db)
        try audit.record(.emailVerified, usernameKey: user.username, userID: user.id, now: now, in: db)
        notices = try dropOtherCopies(of: address, keptBy: user.id, now: now, in: db)
        return .verified(username: user.username, address: address.value)
    }

    /// Drops `address` from every other account that held it unverified or waited to prove it; an
    /// account left with a verified address of its own is told there (never at `address`, which is
    /// now another account's).
    private func dropOtherCopies(of address: EmailAddress, keptBy userID: Int64, now: Date, in db: Database) throws
        -> [OutgoingMessage]
    {
        let holders = try workers.accounts.dropUnverifiedEmail(address, exceptUserID: userID, now: now, in: db)
        let waiting = try workers.oneTimeCodes.dropPendingEmail(key: address.key, exceptUserID: userID, in: db)
        var notices: [OutgoingMessage] = []
        for other in Set(holders + waiting).sorted() {
            guard let profile = try workers.accounts.credentials(userID: other, in: db)?.profile else { continue }
            try audit.record(.emailDropped, usernameKey: profile.username, userID: other, now: now, in: db)
            guard waiting.contains(other), profile.emailVerified, let own = profile.email else { continue }
            var notice = OutgoingMessage(
                kind: .emailPendingDropped, to: own, username: profile.username, displayName: profile.displayName,
                code: nil, linkToken: nil, expiresAt: now)
            notice.newAddress = EmailMask.mask(address.value)
            notices.append(notice)
        }
        return notices
    }
}
