/// How long one storage operation may take, fixed when it starts and kept across its retries and
/// statements, so that neither a retry nor a transaction's next statement restarts a wait: the
/// operation's waits for other connections' locks end by `lockWaitsEnd` (the busy timeout), and
/// every exchange with the server by `end` (the deadline).
struct OperationLimits: Sendable {
    let lockWaitsEnd: ContinuousClock.Instant
    let end: ContinuousClock.Instant

    init(busyTimeout: Duration, deadline: Duration, from start: ContinuousClock.Instant = .now) {
        lockWaitsEnd = start + busyTimeout
        end = start + deadline
    }

    /// What is left of the busy timeout, at least a millisecond (a wait of 0 would mean none at all
    /// to PostgreSQL's `lock_timeout`).
    var lockWaitLeft: Duration { max(.milliseconds(1), lockWaitsEnd - .now) }
}
