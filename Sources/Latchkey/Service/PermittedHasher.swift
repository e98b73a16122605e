import Dispatch
import Synchronization

/// The service's hasher: the Workers' own, with at most `permits` hashes computing at once. The
/// hashing lane has more threads than permits, so while one sign-in writes its session (a durable
/// commit that waits for the disk) another's Argon2id runs, and the cores stay busy hashing; memory
/// stays bounded by the permits, each hash holding the policy's memory.
final class PermittedHasher: PasswordHashing {
    let base: any PasswordHashing
    let permits: Int
    private let semaphore: DispatchSemaphore
    private let counts = Mutex(Counts())

    private struct Counts {
        var hashing = 0
        var waiting = 0
    }

    init(_ base: any PasswordHashing, permits: Int) {
        self.base = base
        self.permits = max(1, permits)
        semaphore = DispatchSemaphore(value: self.permits)
    }

    /// Hashes computing now.
    var hashing: Int { counts.withLock { $0.hashing } }
    /// Lane threads waiting for a permit.
    var waiting: Int { counts.withLock { $0.waiting } }

    var dummyHash: String { base.dummyHash }

    func hash(_ password: String) throws -> String {
        try permitted { try base.hash(password) }
    }

    func verify(_ password: String, against hash: String) -> Bool {
        permitted { base.verify(password, against: hash) }
    }

    func needsRehash(_ hash: String) -> Bool { base.needsRehash(hash) }

    /// Runs `body` holding a permit; only the lane's own threads call this, never the cooperative pool.
    private func permitted<R>(_ body: () throws -> R) rethrows -> R {
        counts.withLock { $0.waiting += 1 }
        semaphore.wait()
        counts.withLock {
            $0.waiting -= 1
            $0.hashing += 1
        }
        defer {
            counts.withLock { $0.hashing -= 1 }
            semaphore.signal()
        }
        return try body()
    }
}
