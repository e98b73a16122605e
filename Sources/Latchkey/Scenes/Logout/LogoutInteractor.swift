/// Revokes sessions by token. Finding the session and revoking it happen in one write transaction.
package final class LogoutInteractor: SceneInteractor<any LogoutPresentationLogic>, LogoutBusinessLogic {

    package func logout(request: Logout.SignOut.Request) {
        presenter.presentLogout(response: SceneWork.respond { try signOut(request) })
    }

    private func signOut(_ request: Logout.SignOut.Request) throws -> Logout.SignOut.Response {
        guard let token = request.token else { return .wasNotSignedIn }
        let now = workers.time.now()
        let ended = try workers.database.write { db -> Int in
            guard let found = try workers.sessions.find(token, in: db), !found.isRevoked else { return 0 }
            let user = found.user
            // An expired token may still end its own session, but not speak for its user's others.
            if request.everywhere, (try? workers.gate.check(found, now: now, forPasswordChange: true)) != nil {
                let ended = try workers.sessions.revokeAll(userID: user.id, now: now, in: db)
                try audit.record(
                    .sessionsRevoked, usernameKey: user.username, userID: user.id, now: now, in: db)
                return ended
            }
            let ended = try workers.sessions.revoke(sessionID: found.session.id, now: now, in: db)
            try audit.record(.loggedOut, usernameKey: user.username, userID: user.id, now: now, in: db)
            return ended
        }
        return ended == 0 ? .wasNotSignedIn : .signedOut(sessionsEnded: ended)
    }
}
