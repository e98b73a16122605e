import Foundation
import Latchkey
import Synchronization

/// Issue 19's concurrent cases, through the async service as a server calls it: session checks
/// while sign-ins hash, sign-in throughput against bare Argon2id, and the memory of a burst.
final class ServiceCases: Sendable {
    let quick: Bool
    let population: Population
    /// Users the login case did not touch, handed out from the top of the population down.
    private let nextUser = Atomic<Int>(0)

    init(quick: Bool, population: Population) {
        self.quick = quick
        self.population = population
    }

    private func username() -> String {
        let spread = max(1, min(5_000, population.users / 2))
        return String(format: "user%07d", population.users - nextUser.add(1, ordering: .relaxed).oldValue % spread)
    }

    private func service(hashingThreads: Int? = nil, queueDepth: Int = 64) throws -> LatchkeyService {
        var lanes = LatchkeyService.Lanes()
        if let hashingThreads { lanes.hashingThreads = hashingThreads }
        lanes.hashingQueueDepth = queueDepth
        return LatchkeyService(
            workers: LatchkeyWorkers(database: try DatabaseWorker(.file(path: population.path))), lanes: lanes)
    }

    /// "authenticate p99 under sign-ins / idle": 8 tasks authenticate while 8 others sign in without
    /// pause, against the same 8 tasks alone; the two phases alternate so noise hits both.
    func authenticateUnderSignIns() async throws -> [Result] {
        let service = try service()
        let tokens = (1...1_000).map { Population.token($0) }
        // Each session's first use writes its last-used time: done here, not in the measurement.
        for token in tokens { _ = try await service.authenticate(token: token) }
        let phase: Duration = quick ? .milliseconds(700) : .seconds(2)
        var idle = Samples()
        var loaded = Samples()
        for _ in 0..<(quick ? 3 : 5) {
            idle.values += try await authenticating(service, tokens: tokens, for: phase, signIns: 0)
            loaded.values += try await authenticating(service, tokens: tokens, for: phase, signIns: 8)
        }
        let ratio = loaded.p99 / idle.p99
        return [
            Result(
                name: "authenticate, idle (service, 8 tasks)", median: idle.median, p99: idle.p99,
                opsPerSecond: .nan, ratio: nil, target: nil, met: nil),
            Result(
                name: "authenticate, 8 tasks signing in (service, 8 tasks)", median: loaded.median, p99: loaded.p99,
                opsPerSecond: .nan, ratio: nil, target: nil, met: nil),
            Result(
                name: "authenticate p99 under sign-ins / idle", median: .nan, p99: .nan, opsPerSecond: .nan,
                ratio: ratio, target: "≤ 2.0", met: ratio <= 2),
        ]
    }

    /// Latencies of authenticate calls from 8 tasks for `duration`, while `signIns` tasks sign in.
    private func authenticating(_ service: LatchkeyService, tokens: [String], for duration: Duration, signIns: Int)
        async throws -> [Double]
    {
        let end = ContinuousClock.now + duration
        return try await withThrowingTaskGroup(of: [Double].self) { group in
            for _ in 0..<signIns {
                group.addTask {
                    while ContinuousClock.now < end {
                        _ = try? await service.signIn(username: self.username(), password: Population.password)
                    }
                    return []
                }
            }
            for task in 0..<8 {
                group.addTask {
                    var samples: [Double] = []
                    var index = task
                    while ContinuousClock.now < end {
                        index = (index + 8) % tokens.count
                        let start = nanoseconds()
                        _ = try await service.authenticate(token: tokens[index])
                        samples.append(Double(nanoseconds() - start))
                    }
                    return samples
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
    }

    /// "sign-ins per second / bare verify on all cores": the service with a hashing thread per core,
    /// signing in as fast as it is asked, against `crypto_pwhash_str_verify` on as many threads.
    func signInThroughput(hash: String) async throws -> [Result] {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let service = try service(hashingThreads: cores)
        let phase: Duration = quick ? .seconds(1) : .seconds(3)
        var signIns = 0.0
        var verifies = 0.0
        for _ in 0..<(quick ? 2 : 3) {
            signIns += try await rate(for: phase) {
                _ = try await service.signIn(username: self.username(), password: Population.password)
            }
            verifies += BareVerify.rate(threads: cores, hash: hash, for: phase)
        }
        let ratio = signIns / verifies
        return [
            Result(
                name: "sign-ins per second (service, \(cores) hashing threads)", median: .nan, p99: .nan,
                opsPerSecond: signIns / Double(quick ? 2 : 3), ratio: nil, target: nil, met: nil),
            Result(
                name: "bare verifies per second (\(cores) threads)", median: .nan, p99: .nan,
                opsPerSecond: verifies / Double(quick ? 2 : 3), ratio: nil, target: nil, met: nil),
            Result(
                name: "sign-ins per second / bare verify on all cores", median: .nan, p99: .nan, opsPerSecond: .nan,
                ratio: ratio, target: "≥ 0.85", met: ratio >= 0.85),
        ]
    }

    /// Calls per second of `call` from twice as many tasks as there are cores, for `duration`.
    private func rate(for duration: Duration, _ call: @escaping @Sendable () async throws -> Void) async throws
        -> Double
    {
        let start = ContinuousClock.now
        let end = start + duration
        let done = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<(2 * ProcessInfo.processInfo.activeProcessorCount) {
                group.addTask {
                    var count = 0
                    while ContinuousClock.now < end {
                        try await call()
                        count += 1
                    }
                    return count
                }
            }
            return try await group.reduce(0, +)
        }
        return Double(done) / seconds(ContinuousClock.now - start)
    }

    /// "peak RSS of 100 simultaneous sign-ins, MiB over idle", measured in a process of its own
    /// (this one holds the populations' caches): see `burst(count:)`.
    func burstMemory(binary: String) throws -> [Result] {
        let output = population.folder + "/burst"
        let (_, _) = timeProcess(
            [binary, "--burst", population.path, "\(population.users)", output], environment: [:])
        let fields = (try? String(contentsOfFile: output, encoding: .utf8))?.split(separator: " ").compactMap {
            Double($0)
        }
        guard let fields, fields.count == 3 else {
            return [
                Result(
                    name: "peak RSS of 100 simultaneous sign-ins, MiB over idle", median: .nan, p99: .nan,
                    opsPerSecond: .nan, ratio: nil, target: nil, met: false, note: "the burst process failed")
            ]
        }
        let (overIdle, lanes, signedIn) = (fields[0], fields[1], fields[2])
        let target = lanes * 19 + 16
        return [
            Result(
                name: "peak RSS of 100 simultaneous sign-ins, MiB over idle", median: .nan, p99: .nan,
                opsPerSecond: .nan, ratio: overIdle, target: "≤ \(Int(target)) (\(Int(lanes)) lanes × 19 + 16)",
                met: overIdle <= target, note: "\(Int(signedIn)) of 100 signed in")
        ]
    }

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

/// The burst, in its own process: a service with the default hashing lane (and a queue deep
/// enough to take all 100, so memory is bounded by the threads, not by refusals), warmed by one
/// sign-in; then the high-water mark is reset, and 100 sign-ins are sent at once. Writes "MiB over
/// idle, hashing threads, sign-ins that succeeded" to `output`.
enum Burst {
    static func run(path: String, users: Int, output: String) async throws {
        var lanes = LatchkeyService.Lanes()
        lanes.hashingQueueDepth = 128
        let service = LatchkeyService(
            workers: LatchkeyWorkers(database: try DatabaseWorker(.file(path: path))), lanes: lanes)
        _ = try await service.signIn(username: String(format: "user%07d", users), password: Population.password)
        // Linux: "5" resets the peak (VmHWM) to the current resident size.
        try "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        let idle = try status("VmRSS")
        let succeeded = await withTaskGroup(of: Int.self) { group in
            for index in 0..<100 {
                group.addTask {
                    let name = String(format: "user%07d", users - 1 - index)
                    return (try? await service.signIn(username: name, password: Population.password)) == nil ? 0 : 1
                }
            }
            return await group.reduce(0, +)
        }
        let peak = try status("VmHWM")
        let line = "\(Double(peak - idle) / 1024) \(lanes.hashingThreads) \(succeeded)"
        try line.write(toFile: output, atomically: true, encoding: .utf8)
    }

    /// A `/proc/self/status` figure in KiB.
    private static func status(_ key: String) throws -> Int {
        let text = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        for line in text.split(separator: "\n") where line.hasPrefix(key + ":") {
            if let value = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") {
                return value
            }
        }
        throw CocoaError(.fileReadCorruptFile)
    }
}
