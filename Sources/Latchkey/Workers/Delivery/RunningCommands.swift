import Foundation
import Synchronization

/// The process ids of the delivery commands running now, and whether they were cancelled; behind a
/// lock, shared by every copy of one `CommandDelivery`. A pid leaves the set and is reaped under the
/// lock, and signals are sent under it: a pid in the set is always the command's own (running, or
/// a zombie), never one the system has given to another process since.
final class RunningCommands: Sendable {
    private struct State {
        var running: Set<pid_t> = []
        var cancelledIDs: Set<pid_t> = []
        var cancelled = false
    }

    private let state = Mutex(State())

    /// Records a started command; false when cancelled already (the caller kills it).
    func add(_ pid: pid_t) -> Bool {
        state.withLock { state in
            guard !state.cancelled else { return false }
            state.running.insert(pid)
            return true
        }
    }

    /// Forgets the command `pid`, which has exited, and reaps it: how it ended, and whether it was
    /// running when `cancelAll` was called.
    func finish(_ pid: pid_t) -> DeliveryCommandProcess.Ending {
        state.withLock { state in
            state.running.remove(pid)
            let cancelled = state.cancelledIDs.remove(pid) != nil
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            return DeliveryCommandProcess.Ending(status: status, cancelled: cancelled)
        }
    }

    /// Kills the command `pid` with its process group, unless it has been reaped already.
    func kill(_ pid: pid_t) {
        state.withLock { state in
            if state.running.contains(pid) { DeliveryCommandProcess.killGroup(pid) }
        }
    }

    /// Marks every command cancelled, now and from now on, and kills those running.
    func cancelAll() {
        state.withLock { state in
            state.cancelled = true
            state.cancelledIDs.formUnion(state.running)
            for pid in state.running { DeliveryCommandProcess.killGroup(pid) }
        }
    }

    /// Runs `body` with the pids running now, under the lock.
    func withRunning<T>(_ body: (Set<pid_t>) -> T) -> T { state.withLock { body($0.running) } }
}
