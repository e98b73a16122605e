/// Reads the audit trail of the user whose session the token belongs to.
package final class HistoryInteractor: SceneInteractor<any HistoryPresentationLogic>, HistoryBusinessLogic {

    package func fetchEvents(request: History.ListEvents.Request) {
        let now = workers.time.now()
        // The one place the limit is bounded: the policy's default, at most the policy's maximum.
        let limit = min(max(request.limit ?? workers.policy.historyLimit, 1), SecurityPolicy.maximumHistoryLimit)
        presenter.presentEvents(
            response: SceneWork.respond {
                let (found, events) = try workers.database.read { db in
                    let found = try workers.gate.authenticate(request.token, now: now, in: db)
                    return (found, try audit.recent(userID: found.user.id, limit: limit, in: db))
                }
                workers.recordUse(of: found, now: now)
                return .events(events)
            })
    }
}
