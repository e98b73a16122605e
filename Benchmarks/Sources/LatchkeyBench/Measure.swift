import Foundation

// On Linux `stat` is declared by several C modules (glibc's, CoreFoundation's, Dispatch's) and which
// one the compiler credits varies from build to build: importing them all keeps its members visible.
#if os(Linux)
    import CDispatch
    import CoreFoundation
    import Glibc
#endif

/// Nanoseconds on the monotonic clock.
func nanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Samples of one contender, in nanoseconds per operation.
struct Samples {
    var values: [Double] = []

    var median: Double { percentile(0.5) }
    var p99: Double { percentile(0.99) }
    var opsPerSecond: Double { median > 0 ? 1e9 / median : 0 }

    func percentile(_ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }
}

/// Runs the contenders interleaved (A, B, C, A, B, C …) so a noisy neighbour hits them alike,
/// timing every operation on its own; `perRound` operations of each contender per round.
func interleaved(rounds: Int, perRound: Int, _ contenders: [(String, (Int) -> Void)]) -> [String: Samples] {
    var samples = [String: Samples]()
    var counter = 0
    for _ in 0..<rounds {
        for (name, body) in contenders {
            for _ in 0..<perRound {
                counter += 1
                let start = nanoseconds()
                body(counter)
                samples[name, default: Samples()].values.append(Double(nanoseconds() - start))
            }
        }
    }
    return samples
}

/// Runs `command` and returns its wall time in nanoseconds and peak RSS in KiB.
func timeProcess(_ command: [String], environment: [String: String], stdin: String? = nil) -> (Double, Int) {
    let start = nanoseconds()
    var pid: pid_t = 0
    var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var pipe: [Int32] = [0, 0]
    if stdin != nil {
        _ = Glibc.pipe(&pipe)
        posix_spawn_file_actions_adddup2(&actions, pipe[0], 0)
        posix_spawn_file_actions_addclose(&actions, pipe[1])
    }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = command.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        argv.forEach { free($0) }
        envp.forEach { free($0) }
    }
    guard posix_spawn(&pid, command[0], &actions, nil, argv, envp) == 0 else { return (.nan, 0) }
    if let stdin {
        close(pipe[0])
        _ = stdin.utf8CString.withUnsafeBufferPointer { write(pipe[1], $0.baseAddress, $0.count - 1) }
        close(pipe[1])
    }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    return (Double(nanoseconds() - start), Int(usage.ru_maxrss))
}

/// Peak RSS of `command` in KiB, through GNU time in a run of its own: a child spawned from this
/// (large) process would report the parent's pages as its own until it execs.
func peakRSS(_ command: [String], environment: [String: String], stdin: String? = nil, folder: String) throws -> Int {
    let output = folder + "/rss"
    _ = timeProcess(["/usr/bin/time", "-o", output, "-f", "%M"] + command, environment: environment, stdin: stdin)
    return Int(try String(contentsOfFile: output, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines))
        ?? -1
}
