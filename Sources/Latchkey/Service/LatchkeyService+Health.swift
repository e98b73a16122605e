/// Readiness, for a server's `/ready`: the database answers and holds exactly this build's schema.
extension LatchkeyService {
    /// Throws `unavailable`, `busy` or `storage` unless the database answers and its applied
    /// migrations are exactly the ones this build ships (a newer version's schema is not ready either).
    public func checkReady() async throws(LatchkeyError) {
        try await logged("ready") { () async throws(LatchkeyError) in
            let answer = try await runOnDatabaseLane { scenes -> Result<Bool, ServiceProblem>? in
                do {
                    let shipped = scenes.workers.database.dialect.migrations
                    let applied = try scenes.workers.database.read { db in try Migrator.appliedMigrations(db) }
                    return .success(
                        applied.map(\.version) == shipped.map(\.version)
                            && zip(applied, shipped).allSatisfy { $0.name == $1.name })
                } catch {
                    return .failure(ServiceProblem.from(error))
                }
            }
            switch answer {
            case .success(true): return
            case .success(false):
                throw LatchkeyError(code: .storage, message: "The database's schema is not this version's.")
            case .failure(let problem): throw .unavailable(problem)
            }
        }
    }
}
