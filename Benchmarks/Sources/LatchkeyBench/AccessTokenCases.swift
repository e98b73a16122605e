@_spi(Benchmarks) import Latchkey

/// Access tokens beside sessions: checking a personal access token is a hash lookup (one statement,
/// its user and effective roles), as checking a session is, and no Argon2id.
extension Cases {
    func accessTokens(_ population: Population) async throws -> [Result] {
        let workers = LatchkeyWorkers(database: try DatabaseWorker(.file(path: population.path)))
        let service = LatchkeyService(workers: workers)
        let count = min(1_000, population.users)
        var sessions: [String] = []
        var tokens: [String] = []
        for index in 1...count {
            let session = Population.token(index)
            let made = try await service.createAccessToken(token: session, name: "bench")
            sessions.append(session)
            tokens.append(made.token)
        }
        let scene = SceneRunner(workers: workers)
        // One use of each first, as for the sessions (their use was recorded when the tokens were
        // made): both then measure the steady state, a use written at most once a minute.
        for token in tokens { scene.whoAmI(token) }
        let samples = interleaved(
            rounds: quick ? 20 : 60, perRound: 200,
            [
                ("session", { i in scene.whoAmI(sessions[i % count]) }),
                (
                    "token",
                    { i in scene.whoAmI(tokens[i % count]) }
                ),
            ])
        precondition(scene.shown > 0, "no check answered: the population is wrong")
        let session = samples["session"]!
        let token = samples["token"]!
        return [
            row("session check (whoami), \(population.users.formatted()) users", session),
            row("access token check (whoami), \(population.users.formatted()) users", token),
            ratio("access token check / session check", token.median / session.median, target: 1.2),
        ]
    }
}
