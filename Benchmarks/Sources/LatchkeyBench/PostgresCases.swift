import Foundation
@_spi(Benchmarks) import Latchkey

extension Cases {
    /// With `--postgresql URL` (an empty database): the population copied there by `DatabaseCopy`
    /// (timed), then whoami and login in the library on PostgreSQL beside the same on SQLite, interleaved.
    mutating func postgresql(_ population: Population, url: String, latchkey: String) throws {
        let sqlite = try DatabaseWorker(.file(path: population.path))
        let server = try DatabaseWorker(.postgresql(url: url))
        let start = nanoseconds()
        let counts = try DatabaseCopy.copy(from: sqlite, to: server)
        let seconds = Double(nanoseconds() - start) / 1e9
        let rows = counts.map(\.rows).reduce(0, +)
        results.append(
            Result(
                name:
                    "database copy SQLite → PostgreSQL, \(population.users.formatted()) users (\(rows.formatted()) rows)",
                median: .nan, p99: .nan, opsPerSecond: Double(rows) / seconds, ratio: nil, target: nil, met: nil,
                note: String(format: "%.1f s", seconds)))
        if FileManager.default.isExecutableFile(atPath: latchkey) {
            // Back out through the CLI: rows are streamed, so its memory must not grow with the table.
            let environment = ["HOME": population.folder, "PATH": "/usr/bin:/bin"]
            let target = population.folder + "/from-postgresql.sqlite3"
            let started = nanoseconds()
            let kib = try peakRSS(
                [latchkey, "--database", url, "database", "copy", "--to", target], environment: environment,
                folder: population.folder)
            let copied = Double(nanoseconds() - started) / 1e9
            results.append(
                Result(
                    name: "latchkey database copy PostgreSQL → SQLite, \(population.users.formatted()) users",
                    median: .nan, p99: .nan, opsPerSecond: Double(rows) / copied, ratio: nil, target: nil, met: nil,
                    note: "peak RSS \(kib / 1024) MiB, " + String(format: "%.1f s", copied)))
        }

        let tokens = (0..<1_000).map { _ in Population.token(Int.random(in: 1...population.users)) }
        let onSQLite = SceneRunner(workers: LatchkeyWorkers(database: sqlite))
        let onServer = SceneRunner(workers: LatchkeyWorkers(database: server))
        let whoami = interleaved(
            rounds: quick ? 10 : 30, perRound: 100,
            [
                ("SQLite", { i in onSQLite.whoAmI(tokens[i % 1_000]) }),
                ("PostgreSQL", { i in onServer.whoAmI(tokens[i % 1_000]) }),
            ])
        precondition(onServer.shown > 0 && onSQLite.shown > 0, "whoami found no session")
        results.append(row("whoami (library): SQLite", whoami["SQLite"]!))
        results.append(row("whoami (library): PostgreSQL, Unix socket", whoami["PostgreSQL"]!))

        var user = 0
        let login = interleaved(
            rounds: quick ? 4 : 12, perRound: 2,
            [
                (
                    "SQLite",
                    { _ in
                        user += 1
                        onSQLite.signIn(username: String(format: "user%07d", user), password: Population.password)
                    }
                ),
                (
                    "PostgreSQL",
                    { _ in
                        user += 1
                        onServer.signIn(username: String(format: "user%07d", user), password: Population.password)
                    }
                ),
            ])
        results.append(row("login (library): SQLite", login["SQLite"]!))
        results.append(row("login (library): PostgreSQL, Unix socket", login["PostgreSQL"]!))
    }
}
