import CRawSQLite
import Dispatch
import Foundation
import GRDB
@_spi(Benchmarks) import Latchkey
import Synchronization

/// One row of the report (encoded by `Report`: a value that is not measured is JSON null).
struct Result {
    let name: String
    let median: Double
    let p99: Double
    let opsPerSecond: Double
    let ratio: Double?
    let target: String?
    let met: Bool?
    var note: String?
}

/// The cases of the issue, measured.
struct Cases {
    let quick: Bool
    var results: [Result] = []

    /// Case 1: in-library whoami (token → session → user → presenter → view model) against raw C and GRDB.
    mutating func whoami(_ population: Population) throws -> Double {
        let tokens = (0..<1_000).map { _ in Population.token(Int.random(in: 1...population.users)) }
        let scene = SceneRunner(workers: LatchkeyWorkers(database: try DatabaseWorker(.file(path: population.path))))
        let raw = raw_whoami_open(population.path)!
        defer { raw_whoami_close(raw) }
        // GRDB used as its documentation advises for speed: one connection's `inDatabase`, with the
        // statement cached (`DatabaseQueue.read` toggles query_only around each read, which makes
        // SQLite re-prepare); the uncached `read` is kept beside it for comparison.
        let grdb = try DatabaseQueue(path: population.path)
        let sql = """
            SELECT users.id, users.username, users.email, users.phone, users.display_name, users.created_at,
                users.last_login_at, users.password_hash, users.disabled_at, sessions.id, sessions.created_at,
                sessions.expires_at, sessions.last_used_at, sessions.revoked_at, sessions.previous_login_at, sessions.label,
                users.password_change_required, sessions.token_hash,
                (SELECT group_concat(role, ',') FROM (SELECT role FROM user_roles WHERE user_id = users.id ORDER BY role)),
                (SELECT enabled_at IS NOT NULL FROM second_factors WHERE user_id = users.id),
                (SELECT count(*) FROM recovery_codes WHERE user_id = users.id AND used_at IS NULL)
            FROM sessions JOIN users ON users.id = sessions.user_id WHERE sessions.token_hash = ?
            """
        let samples = interleaved(
            rounds: quick ? 20 : 60, perRound: 200,
            [
                ("latchkey", { i in scene.whoAmI(tokens[i % 1_000]) }),
                ("raw C", { i in _ = raw_whoami_run(raw, tokens[i % 1_000]) }),
                (
                    "GRDB",
                    { i in
                        let digest = Self.sha256(tokens[i % 1_000])
                        _ = try? grdb.inDatabase { db in
                            try Row.fetchOne(db.cachedStatement(sql: sql), arguments: [digest])
                        }
                    }
                ),
                (
                    "GRDB read, uncached",
                    { i in
                        let digest = Self.sha256(tokens[i % 1_000])
                        _ = try? grdb.read { db in try Row.fetchOne(db, sql: sql, arguments: [digest]) }
                    }
                ),
            ])
        precondition(scene.shown > 0, "whoami found no session: the population is wrong")
        let users = population.users.formatted()
        let latchkey = samples["latchkey"]!, rawC = samples["raw C"]!, peer = samples["GRDB"]!
        let uncached = samples["GRDB read, uncached"]!
        results.append(row("whoami, \(users) users: Latchkey", latchkey))
        results.append(row("whoami, \(users) users: raw C", rawC))
        results.append(row("whoami, \(users) users: GRDB (inDatabase, cached statement)", peer))
        results.append(row("whoami, \(users) users: GRDB (read, uncached)", uncached))
        // The library's session check (the WhoAmI scene, as `authenticate(token:)` reads it) against the
        // floor and against GRDB at its fastest.
        let short = Self.shortCount(population.users)
        results.append(
            ratio("library whoami / raw C, \(short) users", latchkey.median / rawC.median, target: 1.2))
        results.append(
            ratio("library whoami / GRDB cached, \(short) users", latchkey.median / peer.median, target: 0.7))
        results.append(
            Result(
                name: "whoami, \(users) users: GRDB cached / raw C", median: .nan, p99: .nan, opsPerSecond: .nan,
                ratio: peer.median / rawC.median, target: nil, met: nil))
        return latchkey.median
    }

    /// 1,000 as "1k", 100,000 as "100k", 1,000,000 as "1M": the population in a record's name.
    static func shortCount(_ count: Int) -> String {
        if count >= 1_000_000, count % 1_000_000 == 0 { return "\(count / 1_000_000)M" }
        if count >= 1_000, count % 1_000 == 0 { return "\(count / 1_000)k" }
        return String(count)
    }

    /// The SHA-256 of a token's text, as the query looks it up (computed by every contender alike).
    static func sha256(_ text: String) -> Data {
        var digest = [UInt8](repeating: 0, count: 32)
        raw_sha256(text, text.utf8.count, &digest)
        return Data(digest)
    }

    /// Case 3: whoami from 1, 2 and 4 threads on one shared file worker, and p99 with a writer beside.
    mutating func concurrency(_ population: Population) throws {
        let workers = LatchkeyWorkers(database: try DatabaseWorker(.file(path: population.path)))
        let tokens = (0..<1_000).map { _ in Population.token(Int.random(in: 1...population.users)) }
        let perThread = quick ? 4_000 : 12_000
        func throughput(_ threads: Int) -> Double {
            let start = nanoseconds()
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                let scene = SceneRunner(workers: workers)
                for i in 0..<perThread {
                    scene.whoAmI(tokens[(i + thread) % 1_000])
                }
            }
            return Double(threads * perThread) / (Double(nanoseconds() - start) / 1e9)
        }
        // The floor's own scaling on this machine: raw C, each thread on a connection of its own.
        func rawThroughput(_ threads: Int) -> Double {
            let start = nanoseconds()
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                let raw = raw_whoami_open(population.path)!
                defer { raw_whoami_close(raw) }
                for i in 0..<perThread { _ = raw_whoami_run(raw, tokens[(i + thread) % 1_000]) }
            }
            return Double(threads * perThread) / (Double(nanoseconds() - start) / 1e9)
        }
        // One thread and two, alternated over several short rounds, each ratio taken within its round:
        // on a shared machine, load that comes and goes would otherwise land on one side only.
        var ratios: [Double] = [], rawRatios: [Double] = []
        var ones = Samples(), twos = Samples(), fours = Samples()
        for _ in 0..<(quick ? 7 : 11) {
            let one = throughput(1), two = throughput(2), four = throughput(4)
            ones.values.append(one)
            twos.values.append(two)
            fours.values.append(four)
            ratios.append(two / one)
            rawRatios.append(rawThroughput(2) / rawThroughput(1))
        }
        let scaling = Samples(values: ratios).median, rawScaling = Samples(values: rawRatios).median
        results.append(
            Result(
                name: "whoami threads: 1 / 2 / 4 (ops/s)", median: .nan, p99: .nan, opsPerSecond: ones.median,
                ratio: nil, target: nil, met: nil,
                note: "\(Int(ones.median)) / \(Int(twos.median)) / \(Int(fours.median))"))
        results.append(
            ratio("2 threads / 1 thread, one shared worker", scaling, target: 1.85, higherIsBetter: true))
        results.append(
            Result(
                name: "raw C: 2 threads / 1 thread, a connection each", median: .nan, p99: .nan, opsPerSecond: .nan,
                ratio: rawScaling, target: nil, met: nil))

        // A writer signing in over and over beside one reader.
        func readerP99(withWriter: Bool) -> Double {
            let stop = Atomic<Bool>(false)
            let writer =
                withWriter
                ? Thread {
                    let login = SceneRunner(workers: workers)
                    while !stop.load(ordering: .relaxed) {
                        login.signIn(username: "user0000001", password: Population.password)
                    }
                } : nil
            writer?.start()
            let scene = SceneRunner(workers: workers)
            var samples = Samples()
            for i in 0..<(quick ? 3_000 : 10_000) {
                let start = nanoseconds()
                scene.whoAmI(tokens[i % 1_000])
                samples.values.append(Double(nanoseconds() - start))
            }
            stop.store(true, ordering: .relaxed)
            return samples.p99
        }
        let quiet = readerP99(withWriter: false), busy = readerP99(withWriter: true)
        results.append(ratio("whoami p99 with a writer / without", busy / quiet, target: 2.0))
    }

    /// Case 2: login in the library at the default policy, minus a verify of the same hash; unknown
    /// user against wrong password.
    mutating func login(_ population: Population, hash: String) throws {
        let workers = LatchkeyWorkers(database: try DatabaseWorker(.file(path: population.path)))
        let scene = SceneRunner(workers: workers)
        let hasher = Argon2idHasher()
        let rounds = quick ? 6 : 20
        var user = 0
        let samples = interleaved(
            rounds: rounds, perRound: 2,
            [
                (
                    "login",
                    { _ in
                        user += 1
                        scene.signIn(username: String(format: "user%07d", user), password: Population.password)
                    }
                ),
                ("verify", { _ in _ = hasher.verify(Population.password, against: hash) }),
                (
                    "wrong password",
                    { _ in
                        user += 1
                        scene.signIn(
                            username: String(format: "user%07d", user), password: "not the password at all")
                    }
                ),
                (
                    "unknown user",
                    { i in
                        scene.signIn(username: "nobody\(i)", password: "not the password at all")
                    }
                ),
            ])
        let overhead = samples["login"]!.median - samples["verify"]!.median
        results.append(row("login (library)", samples["login"]!))
        results.append(row("verify alone (libsodium)", samples["verify"]!))
        results.append(
            Result(
                name: "login − verify (library)", median: overhead, p99: .nan, opsPerSecond: .nan, ratio: nil,
                target: "≤ 0.5 ms", met: overhead <= 500_000, note: nil))
        let unknown = samples["unknown user"]!.median / samples["wrong password"]!.median
        results.append(ratio("unknown user / wrong password", unknown, target: 1.05, lowerBound: 0.95))
    }

    /// Case 5: size.
    mutating func size(_ population: Population) {
        let perUser = population.bytesPerUser
        results.append(
            Result(
                name: "bytes per user (\(population.users.formatted()) users, one session)", median: .nan, p99: .nan,
                opsPerSecond: .nan, ratio: nil, target: "≤ 320", met: perUser <= 320, note: String(Int(perUser))))
    }

    func row(_ name: String, _ samples: Samples) -> Result {
        Result(
            name: name, median: samples.median, p99: samples.p99, opsPerSecond: samples.opsPerSecond, ratio: nil,
            target: nil, met: nil)
    }

    func ratio(_ name: String, _ value: Double, target: Double, higherIsBetter: Bool = false, lowerBound: Double? = nil)
        -> Result
    {
        let met = higherIsBetter ? value >= target : (value <= target && value >= (lowerBound ?? 0))
        let text = higherIsBetter ? "≥ \(target)" : (lowerBound.map { "\($0)–\(target)" } ?? "≤ \(target)")
        return Result(name: name, median: .nan, p99: .nan, opsPerSecond: .nan, ratio: value, target: text, met: met)
    }
}
