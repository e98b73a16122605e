import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Latchkey

/// The lanes blocking work runs on for async callers: their own threads, a bounded queue that
/// refuses at once when full, and cancelled work that never starts.
@Suite struct LaneTests {
    /// A gate a piece of work waits at until the test opens it, and a count of arrivals.
    final class Gate: Sendable {
        private let open = DispatchSemaphore(value: 0)
        let arrived = Atomic<Int>(0)
        let running = Atomic<Int>(0)
        let mostRunning = Atomic<Int>(0)

        /// Called by the work: counts itself in, waits for the test, counts itself out.
        func pass() {
            arrived.add(1, ordering: .sequentiallyConsistent)
            let now = running.add(1, ordering: .sequentiallyConsistent).newValue
            mostRunning.max(now, ordering: .sequentiallyConsistent)
            open.wait()
            running.subtract(1, ordering: .sequentiallyConsistent)
        }

        func release(_ count: Int) { for _ in 0..<count { open.signal() } }
        var arrivals: Int { arrived.load(ordering: .sequentiallyConsistent) }
        var most: Int { mostRunning.load(ordering: .sequentiallyConsistent) }
    }

    /// Whether a piece of work ever started.
    final class Flag: Sendable {
        private let value = Atomic<Bool>(false)
        func set() { value.store(true, ordering: .sequentiallyConsistent) }
        var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }
    }

    /// Yields until `condition` holds, for at most ten seconds (then the expectation after it fails).
    private func eventually(_ condition: () -> Bool) async {
        let limit = ContinuousClock.now + .seconds(10)
        while !condition() && ContinuousClock.now < limit { await Task.yield() }
    }

    @Test func workRunsOnTheLanesOwnThreadsNeverOnTheCooperativePool() async throws {
        let lane = Lane(name: "lk-test", threads: 2, queueDepth: 4)
        defer { lane.shutdown() }
        // The kernel's name of the thread the work ran on (Foundation's `Thread.current.name` is
        // not the pthread's name on Linux).
        let name = try await lane.run {
            (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
        }
        #expect(name.hasPrefix("lk-test-"), "\(name)")
    }

    /// The hashing lane yields to the server's own threads by a nice level under the ordinary policy,
    /// never SCHED_IDLE: other processes on the host must not be able to starve a sign-in.
    @Test(arguments: [false, true])
    func lowerPriorityThreadsRunUnderTheOrdinaryPolicyAtANiceLevel(lower: Bool) async throws {
        let lane = Lane(name: "lk-test", threads: 1, queueDepth: 4, lowerPriority: lower)
        defer { lane.shutdown() }
        // The thread's own policy and nice value (on Linux both are per thread; 0 is the caller).
        let (policy, nice) = try await lane.run {
            (sched_getscheduler(0), getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0))
        }
        let inherited = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        #expect(policy == SCHED_OTHER)
        #expect(nice == (lower ? max(inherited, Lane.backgroundNice) : inherited))
    }

    /// The hashing lane keeps off the first core the process may use, so request threads find it
    /// free, unless it must compute on every core at once.
    @Test(arguments: [(false, 1), (true, 1), (true, 0)])
    func lowerPriorityThreadsLeaveTheFirstCoreFree(lower: Bool, sparing: Int) async throws {
        let inherited = Self.allowedCores()
        // `sparing` 1: computing on the cores but one; 0: on every core.
        let computing = max(1, inherited.count - sparing)
        let lane = Lane(name: "lk-test", threads: 1, queueDepth: 4, lowerPriority: lower, computing: computing)
        defer { lane.shutdown() }
        let allowed = try await lane.run { Self.allowedCores() }
        if lower && sparing == 1 && inherited.count >= 2 {
            #expect(allowed == Array(inherited.dropFirst()), "\(allowed) of \(inherited)")
        } else {
            #expect(allowed == inherited)
        }
    }

    /// The cores the calling thread may run on, from the kernel's `Cpus_allowed_list` ("0-3,6").
    private static func allowedCores() -> [Int] {
        let status = (try? String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8)) ?? ""
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed_list:") }) else {
            return []
        }
        let list = line.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces)
        return list.split(separator: ",").flatMap { range -> [Int] in
            let bounds = range.split(separator: "-").compactMap { Int($0) }
            guard let first = bounds.first else { return [] }
            return Array(first...(bounds.last ?? first))
        }
    }

    @Test func atMostTheLanesThreadsRunAtOnce() async throws {
        let lane = Lane(name: "lk-test", threads: 2, queueDepth: 16)
        defer { lane.shutdown() }
        let gate = Gate()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 { group.addTask { try await lane.run { gate.pass() } } }
            await eventually { gate.arrivals == 2 && lane.waiting == 6 }
            #expect(gate.arrivals == 2)
            #expect(lane.waiting == 6)
            gate.release(8)
            try await group.waitForAll()
        }
        #expect(gate.most == 2)
    }

    @Test func aFullQueueAnswersOverloadedAtOnceAndTheQueuedWorkStillRuns() async throws {
        let lane = Lane(name: "lk-test", threads: 1, queueDepth: 2)
        defer { lane.shutdown() }
        let gate = Gate()
        let first = Task { try await lane.run { gate.pass() } }
        await eventually { gate.arrivals == 1 }
        let queued = (0..<2).map { _ in Task { try await lane.run { gate.pass() } } }
        await eventually { lane.waiting == 2 }
        await #expect(throws: LaneRefusalError.overloaded) { try await lane.run { gate.pass() } }
        gate.release(3)
        try await first.value
        for task in queued { try await task.value }
        #expect(gate.arrivals == 3)
    }

    @Test func workCancelledWhileQueuedNeverStarts() async throws {
        let lane = Lane(name: "lk-test", threads: 1, queueDepth: 4)
        defer { lane.shutdown() }
        let gate = Gate()
        let started = Flag()
        let first = Task { try await lane.run { gate.pass() } }
        await eventually { gate.arrivals == 1 }
        let second = Task { try await lane.run { started.set() } }
        await eventually { lane.waiting == 1 }
        second.cancel()
        await #expect(throws: CancellationError.self) { try await second.value }
        #expect(lane.waiting == 0)
        gate.release(1)
        try await first.value
        // The lane's one thread is free again: the cancelled work would have run by now.
        try await lane.run {}
        #expect(!started.isSet)
    }

    @Test func workOfAnAlreadyCancelledTaskNeverStarts() async throws {
        let lane = Lane(name: "lk-test", threads: 1, queueDepth: 4)
        defer { lane.shutdown() }
        let started = Flag()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await lane.run { started.set() }
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        try await lane.run {}
        #expect(!started.isSet)
    }

    /// The depth counts work waiting for a thread, not work a free thread takes at once: a lane with
    /// no queue still runs work while a thread is free, and refuses only when all are busy.
    @Test func aLaneWithNoQueueRunsWorkOnAFreeThreadAndRefusesWhenAllAreBusy() async throws {
        let lane = Lane(name: "lk-test", threads: 1, queueDepth: 0)
        defer { lane.shutdown() }
        #expect(try await lane.run { 42 } == 42)
        let gate = Gate()
        let busy = Task { try await lane.run { gate.pass() } }
        await eventually { gate.arrivals == 1 }
        await #expect(throws: LaneRefusalError.overloaded) { try await lane.run {} }
        gate.release(1)
        try await busy.value
    }

    @Test func aShutDownLaneRefusesWork() async throws {
        let lane = Lane(name: "lk-test", threads: 1, queueDepth: 4)
        lane.shutdown()
        await #expect(throws: LaneRefusalError.shutDown) { try await lane.run {} }
    }
}
