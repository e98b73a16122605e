import Foundation
import Latchkey

/// "sign-in beside two busy processes / idle": one sign-in at a time through the async service (its
/// hashing lane, at the default policy), alone on the machine and then with two ordinary busy
/// processes (`sh -c 'while :; do :; done'`) beside it; the two phases alternate so noise hits both.
/// The hashing lane's priority must not let other processes on the host starve sign-ins.
struct StarvationCase {
    let population: Population
    let rounds: Int

    func measure() async throws -> [Result] {
        let service = LatchkeyService(
            workers: LatchkeyWorkers(database: try DatabaseWorker(.file(path: population.path))))
        var next = 0
        func signIn() async throws -> Double {
            next += 1
            let start = nanoseconds()
            _ = try await service.signIn(
                username: String(format: "user%07d", population.users - next), password: Population.password)
            return Double(nanoseconds() - start)
        }
        _ = try await signIn()
        var idle = Samples()
        var loaded = Samples()
        for _ in 0..<rounds {
            for _ in 0..<2 { idle.values.append(try await signIn()) }
            let busy = try (0..<2).map { _ in try Self.busyProcess() }
            // The busy loops are running before the sign-in starts.
            usleep(200_000)
            for _ in 0..<2 { loaded.values.append(try await signIn()) }
            for process in busy {
                // SIGKILL: a shell spawned from here may have SIGTERM blocked, as its parent's thread had.
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
        }
        let ratio = loaded.median / idle.median
        return [
            Result(
                name: "sign-in, idle (service)", median: idle.median, p99: idle.p99, opsPerSecond: .nan, ratio: nil,
                target: nil, met: nil),
            Result(
                name: "sign-in beside two busy processes (service)", median: loaded.median, p99: loaded.p99,
                opsPerSecond: .nan, ratio: nil, target: nil, met: nil),
            Result(
                name: "sign-in beside two busy processes / idle", median: .nan, p99: .nan, opsPerSecond: .nan,
                ratio: ratio, target: "≤ 6.0", met: ratio <= 6),
        ]
    }

    /// An ordinary process that spins on one core until terminated.
    private static func busyProcess() throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "while :; do :; done"]
        try process.run()
        return process
    }
}
