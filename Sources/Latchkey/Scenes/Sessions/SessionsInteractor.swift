import Foundation

/// Lists and ends the signed-in user's own sessions; another user's session is never found.
package final class SessionsInteractor: SceneInteractor<any SessionsPresentationLogic>, SessionsBusinessLogic {
    package func fetchSessions(request: Sessions.List.Request) {
        let now = workers.time.now()
        presenter.presentSessions(
            response: SceneWork.respond {
                let (found, live) = try workers.database.read { db in
                    let found = try workers.gate.authenticate(request.token, now: now, in: db)
                    return (
                        found,
                        try workers.sessions.live(userID: found.user.id, now: now, policy: workers.policy, in: db)
                    )
                }
                workers.recordUse(of: found, now: now)
                return .sessions(live.map { Sessions.Item(session: $0, isCurrent: $0.id == found.session.id) })
            })
    }

    package func revokeSessions(request: Sessions.Revoke.Request) {
        let now = workers.time.now()
        presenter.presentRevocation(
            response: SceneWork.respond {
                try workers.database.write { db in
                    let found = try workers.gate.authenticate(request.token, now: now, in: db)
                    try workers.gate.recordUse(found, now: now, in: db)
                    let user = found.user
                    switch request.target {
                    case .others:
                        let ended = try workers.sessions.revokeAll(
                            userID: user.id, keeping: found.session.id, now: now, in: db)
                        try audit.record(
                            .sessionsRevoked, usernameKey: user.username, userID: user.id, now: now, in: db)
                        return .revoked(count: ended, includedCurrent: false)
                    case .session(let shortID):
                        let live = try workers.sessions.live(userID: user.id, now: now, policy: workers.policy, in: db)
                        let matches = live.filter { $0.shortID == shortID.lowercased() }
                        guard matches.count == 1, let target = matches.first else { return .noSuchSession }
                        _ = try workers.sessions.revoke(sessionID: target.id, now: now, in: db)
                        try audit.record(
                            .sessionRevoked, usernameKey: user.username, userID: user.id, now: now, in: db)
                        return .revoked(count: 1, includedCurrent: target.id == found.session.id)
                    }
                }
            })
    }
}
