import Foundation

/// Keeps the OpenID provider's signing keys: lists them, rotates them in one write transaction
/// (audited), and reads the published set, making the first keys in a write only when none exist.
package final class SigningKeysInteractor: SceneInteractor<any SigningKeysPresentationLogic>,
    SigningKeysBusinessLogic
{
    package func list(request: SigningKeys.List.Request) {
        let now = workers.time.now()
        presenter.presentKeys(
            response: SceneWork.respond {
                do {
                    return try workers.database.read { db in
                        _ = try administrators.actor(request.authority, now: now, in: db)
                        return .keys(try workers.signingKeys.all(in: db), now: now)
                    }
                } catch let problem as Admin.AccessProblem {
                    return .refused(problem)
                }
            })
    }

    package func rotate(request: SigningKeys.Rotate.Request) {
        let now = workers.time.now()
        let grace = request.grace ?? SigningKeys.Rotate.defaultGrace
        guard SigningKeys.Rotate.graceBounds.contains(grace) else {
            presenter.presentRotated(response: .invalidGrace(SigningKeys.Rotate.graceBounds))
            return
        }
        presenter.presentRotated(
            response: SceneWork.respond {
                do {
                    return try workers.database.write { db in
                        let actor = try administrators.actor(request.authority, now: now, in: db)
                        try workers.signingKeys.ensure(at: now, in: db)
                        let youngest = try workers.signingKeys.published(at: now, in: db)
                            .filter { $0.signingFrom == nil }.map(\.createdAt).max()
                        let minimumAge = TimeInterval(SigningKeys.Rotate.nextKeyMinimumAge.wholeSeconds)
                        if !request.force, let youngest, now < youngest.addingTimeInterval(minimumAge) {
                            return .nextKeyTooNew(readyAt: youngest.addingTimeInterval(minimumAge))
                        }
                        try workers.signingKeys.rotate(at: now, grace: grace, in: db)
                        try audit.record(
                            .signingKeysRotated, usernameKey: "oidc", userID: nil, by: actor,
                            detail: "grace \(grace.wholeSeconds) s", now: now, in: db)
                        return .rotated(try workers.signingKeys.all(in: db), now: now)
                    }
                } catch let problem as Admin.AccessProblem {
                    return .refused(problem)
                }
            })
    }

    package func publish(request: SigningKeys.Publish.Request) {
        let now = workers.time.now()
        presenter.presentPublished(
            response: SceneWork.respond {
                var keys = try workers.database.read { db in try workers.signingKeys.published(at: now, in: db) }
                if !SigningAlgorithm.allCases.allSatisfy({ algorithm in keys.contains { $0.algorithm == algorithm } }) {
                    do {
                        keys = try workers.database.write { db in
                            try workers.signingKeys.ensure(at: now, in: db)
                            return try workers.signingKeys.published(at: now, in: db)
                        }
                    } catch let error as DatabaseError where error.constraint == .unique {
                        // Another process made the first keys at the same moment: its keys stand.
                        keys = try workers.database.read { db in try workers.signingKeys.published(at: now, in: db) }
                    }
                }
                return .published(keys.map(\.publicJWK))
            })
    }
}
