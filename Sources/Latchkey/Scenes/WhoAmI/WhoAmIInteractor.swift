import Foundation

/// Finds who a session belongs to, or shows the user the Login router handed over.
package final class WhoAmIInteractor: SceneInteractor<any WhoAmIPresentationLogic>, WhoAmIBusinessLogic, WhoAmIDataStore
{
    package var handedOverUser: UserProfile?
    package var handedOverSession: SessionInfo?

    package func fetchProfile(request: WhoAmI.Profile.Request) {
        presenter.presentProfile(
            response: SceneWork.respond {
                switch request.source {
                case .token(let token): try profile(of: token)
                case .accessToken(let token):
                    try workers.authenticate(token, from: client, now: workers.time.now()).answer
                case .handedOver: try handedOver()
                }
            })
    }

    /// The hand-over, under the same session rules as a stored session: no second read.
    private func handedOver() throws -> WhoAmI.Profile.Response {
        guard let user = handedOverUser, let session = handedOverSession else { throw SessionProblem.notSignedIn }
        let stored = StoredSession(session: session, user: user, isRevoked: false, isUserDisabled: false)
        _ = try workers.gate.check(stored, now: workers.time.now())
        return .signedIn(user: user, session: session)
    }

    private func profile(of token: SessionToken?) throws -> WhoAmI.Profile.Response {
        let now = workers.time.now()
        // One statement (the session, its user, roles and second-factor state): one round trip.
        let found = try workers.database.readStatement { db in
            try workers.gate.authenticate(token, now: now, in: db)
        }
        workers.recordUse(of: found, now: now)
        return .signedIn(user: found.user, session: found.session)
    }
}

extension StoredAccessToken {
    /// The WhoAmI answer for an accepted token.
    fileprivate var answer: WhoAmI.Profile.Response { .signedInWithAccessToken(user: user, token: token) }
}
