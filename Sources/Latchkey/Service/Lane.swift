internal import CLinux
import Dispatch
import Foundation
import Synchronization

/// A fixed set of threads of its own that run blocking work (Argon2id, database calls) for async
/// callers, so nothing blocking ever runs on Swift's cooperative pool. Its queue is bounded: when
/// `queueDepth` pieces of work already wait, `run` answers `LaneRefusalError.overloaded` at once. Work
/// whose task is cancelled while it waits leaves the queue without running; work already running
/// finishes (a scene's transaction is all-or-nothing) and its result goes to the cancelled caller.
package final class Lane: Sendable {
    /// The threads' name, as `top` and `/proc/PID/task/*/comm` show it.
    package let name: String
    package let threads: Int
    package let queueDepth: Int
    private let shared = Shared()
    /// The nice level of a lane started with `lowerPriority` (see `yieldToOtherThreads`).
    package static let backgroundNice: Int32 = 5

    /// What the threads and the callers share; the threads hold this, not the lane.
    private final class Shared: Sendable {
        let state = Mutex(State())
        let wake = DispatchSemaphore(value: 0)
    }

    private struct State {
        var queue: [Entry] = []
        /// Entries a thread has taken and not finished.
        var running = 0
        var shutDown = false
    }

    private var wake: DispatchSemaphore { shared.wake }

    /// One piece of work and how to answer its caller; `start` runs it, `refuse` fails it unstarted.
    private struct Entry: Sendable {
        let ticket: Ticket
        let start: @Sendable () -> Void
        let refuse: @Sendable (any Error) -> Void
    }

    /// One caller's claim on its continuation, so that exactly one of the worker, the cancellation
    /// handler and the refusal answers it.
    private final class Ticket: Sendable {
        enum Phase { case new, queued, running, cancelled }
        let phase = Mutex(Phase.new)
    }

    /// Starts `threads` threads named `name`; with `lowerPriority` they run at a higher nice level than
    /// the process's other threads (see `yieldToOtherThreads`) and, when the other cores can still run
    /// `computing` of them at once, off the first core the process may use (see `leaveFirstCore`).
    package init(name: String, threads: Int, queueDepth: Int, lowerPriority: Bool = false, computing: Int = 1) {
        self.name = name
        self.threads = max(1, threads)
        self.queueDepth = max(0, queueDepth)
        for index in 0..<self.threads {
            let label = String("\(name)-\(index)".prefix(15))
            let thread = Thread { [shared] in
                // Foundation does not pass its `name` to the kernel: without this the thread would
                // keep the name of the thread that created it.
                _ = latchkey_set_thread_name(label)
                if lowerPriority {
                    Self.yieldToOtherThreads()
                    Self.leaveFirstCore(computing: computing)
                }
                Self.serve(shared)
            }
            thread.name = label
            thread.start()
        }
    }

    /// Lowers the calling thread to `backgroundNice` (never raising it): the server's request and
    /// database threads, at the process's own level, get about three times a hash's share of a core,
    /// yet other processes on the host cannot starve a sign-in as they could under SCHED_IDLE.
    /// On a quiet 2-core machine, a sign-in with two busy processes beside it took 8–9 s instead of
    /// 0.06 s under SCHED_IDLE, about 4.5 times its idle time at nice 5 and 13–19 times at nice 10
    /// (`latchkey-bench --sign-in-starvation` measures it).
    private static func yieldToOtherThreads() {
        // On Linux the nice value is per thread, and `who = 0` is the calling thread.
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        errno = 0
        let current = getpriority(which, 0)
        setpriority(which, 0, max(errno == 0 ? current : 0, backgroundNice))
    }

    /// Keeps the calling thread off the lowest-numbered core it may run on, when the cores left can
    /// still run `computing` threads at once (the hashing lane computes on the cores but one by
    /// default): request threads waking on that core find it free instead of queueing behind a hash.
    /// On a 2-core machine (`Benchmarks/Load/load.py --profile`) this lowered `/health`'s p99 while
    /// sign-ins ran and raised sign-ins per second; a lane told to compute on every core keeps them
    /// all, and a failure (a restricted host) leaves the thread where it was.
    private static func leaveFirstCore(computing: Int) {
        _ = latchkey_leave_first_cpu(Int32(clamping: computing))
    }

    /// The threads hold only the queue, not the lane: when the lane goes, they are told to stop.
    deinit { shutdown() }

    /// Work waiting for a thread (not counting work that is running).
    package var waiting: Int { shared.state.withLock { $0.queue.count } }

    /// Work a thread has taken and not finished.
    package var running: Int { shared.state.withLock { $0.running } }

    /// Runs `body` on one of the lane's threads and returns its result.
    package func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        let ticket = Ticket()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                let entry = Entry(
                    ticket: ticket,
                    start: { continuation.resume(with: Result { try body() }) },
                    refuse: { continuation.resume(throwing: $0) })
                let refusal: (any Error)? = shared.state.withLock { state in
                    if state.shutDown { return LaneRefusalError.shutDown }
                    let cancelled = ticket.phase.withLock { phase in
                        if phase == .cancelled { return true }
                        phase = .queued
                        return false
                    }
                    if cancelled { return CancellationError() }
                    // Free threads take queued work at once: only what they cannot take counts as waiting.
                    let free = threads - state.running
                    guard state.queue.count + 1 <= queueDepth + free else {
                        ticket.phase.withLock { $0 = .cancelled }
                        return LaneRefusalError.overloaded
                    }
                    state.queue.append(entry)
                    return nil
                }
                if let refusal {
                    entry.refuse(refusal)
                } else {
                    wake.signal()
                }
            }
        } onCancel: {
            let removed: Entry? = shared.state.withLock { state in
                let wasQueued = ticket.phase.withLock { phase in
                    defer { if phase == .new || phase == .queued { phase = .cancelled } }
                    return phase == .queued
                }
                guard wasQueued, let index = state.queue.firstIndex(where: { $0.ticket === ticket }) else { return nil }
                return state.queue.remove(at: index)
            }
            removed?.refuse(CancellationError())
        }
    }

    /// Stops the threads once the work already running is done; work still queued is refused.
    package func shutdown() {
        let refused = shared.state.withLock { state in
            state.shutDown = true
            defer { state.queue.removeAll() }
            return state.queue
        }
        for entry in refused { entry.refuse(LaneRefusalError.shutDown) }
        for _ in 0..<threads { wake.signal() }
    }

    /// A thread's loop: wait for a signal, take the oldest entry not cancelled, run it.
    private static func serve(_ shared: Shared) {
        while true {
            shared.wake.wait()
            let next: Entry?? = shared.state.withLock { state in
                if state.shutDown && state.queue.isEmpty { return .some(nil) }
                guard !state.queue.isEmpty else { return nil }
                state.running += 1
                return state.queue.removeFirst()
            }
            switch next {
            case .none: continue
            case .some(.none): return
            case .some(.some(let entry)):
                let runs = entry.ticket.phase.withLock { phase in
                    guard phase == .queued else { return false }
                    phase = .running
                    return true
                }
                if runs { entry.start() }
                shared.state.withLock { $0.running -= 1 }
            }
        }
    }
}
