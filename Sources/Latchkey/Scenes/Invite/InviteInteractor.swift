import Foundation

/// Issues invitations: the code is made here, stored only as its hash, audited as the operator's
/// action and answered once. Lists them without their codes, and revokes one not yet used.
package final class InviteInteractor: SceneInteractor<any InvitePresentationLogic>, InviteBusinessLogic {
    package func issue(request: Invite.Issue.Request) {
        presenter.presentIssued(response: SceneWork.respond { try issue(request) })
    }

    package func list(request: Invite.List.Request) {
        let now = workers.time.now()
        presenter.presentInvitations(
            response: SceneWork.respond {
                do {
                    return try workers.database.read { db in
                        if let credential = request.credential {
                            _ = try administrators.administrator(credential, recordingUse: false, now: now, in: db)
                        }
                        let records = try workers.invitations.list(
                            all: request.all, now: now, limit: SecurityPolicy.maximumHistoryLimit, in: db)
                        return .invitations(records.map { Invite.List.Listed(record: $0, state: $0.state(at: now)) })
                    }
                } catch let problem as Admin.AccessProblem {
                    return .refused(problem)
                }
            })
    }

    package func revoke(request: Invite.Revoke.Request) {
        let now = workers.time.now()
        presenter.presentRevoked(
            response: SceneWork.respond {
                do {
                    return try workers.database.write { db in
                        // Who asks is checked first: only an administrator learns whether a number exists.
                        let actor = try administrators.actor(request.authority, now: now, in: db)
                        guard let id = Int64(request.id), id > 0,
                            try workers.invitations.revoke(id: id, now: now, in: db)
                        else { return .noSuchInvitation }
                        try audit.record(
                            .invitationRevoked, usernameKey: "invitation", userID: nil, by: actor,
                            detail: "invitation \(id)", now: now, in: db)
                        return .revoked(id: id)
                    }
                } catch let problem as Admin.AccessProblem {
                    return .refused(problem)
                }
            })
    }

    private func issue(_ request: Invite.Issue.Request) throws -> Invite.Issue.Response {
        var roles: [RoleName] = []
        for role in request.roles {
            guard let name = try? RoleName(role) else { return .invalidRole(role) }
            if !roles.contains(name) { roles.append(name) }
        }
        var email: EmailAddress?
        if let input = request.email, !input.isEmpty {
            guard let address = try? EmailAddress(input) else { return .invalidEmail }
            email = address
        }
        let policy = workers.policy
        let lifetime = request.expiresIn ?? policy.invitationLifetime
        guard lifetime <= policy.maximumInvitationLifetime, lifetime >= .seconds(60) else {
            return .tooLong(maximum: policy.maximumInvitationLifetime)
        }
        let now = workers.time.now()
        let expires = now.addingTimeInterval(TimeInterval(lifetime.wholeSeconds))
        let code = InvitationCode.make()
        let sorted = roles.map(\.value).sorted()
        try workers.database.write { db in
            let id = try workers.invitations.create(
                code: code, email: email, roles: roles,
                createdBy: request.actor.name.isEmpty ? "unknown" : request.actor.name, expiresAt: expires, now: now,
                in: db)
            try audit.record(
                .invitationIssued, usernameKey: "invitation", userID: nil, by: request.actor,
                detail: RegisterInteractor.detail(invitationID: id, roles: sorted)
                    + "; until \(Int64(expires.timeIntervalSince1970))",
                now: now, in: db)
        }
        return .issued(IssuedInvitation(code: code.secret, expires: expires, roles: sorted, email: email?.value))
    }
}
