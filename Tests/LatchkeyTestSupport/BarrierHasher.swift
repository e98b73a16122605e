import Dispatch
import Latchkey
import Synchronization

/// A real (cheap) hasher whose `hash` waits until `parties` callers are hashing at once, so that
/// racing registrations all pass their checks before any of them writes: the race lies there.
final class BarrierHasher: PasswordHashing {
    private let real = Argon2idHasher(parameters: .cheapestForTests)
    private let parties: Int
    private let arrived = Mutex(0)
    private let gate = DispatchSemaphore(value: 0)

    init(parties: Int) {
        self.parties = parties
    }

    var dummyHash: String { real.dummyHash }
    func verify(_ password: String, against hash: String) -> Bool { real.verify(password, against: hash) }
    func needsRehash(_ hash: String) -> Bool { real.needsRehash(hash) }

    func hash(_ password: String) throws -> String {
        let last = arrived.withLock { count in
            count += 1
            return count == parties
        }
        if last {
            for _ in 1..<parties { gate.signal() }
        } else {
            // A bound, not a wait for time: a caller that never comes fails the test instead of hanging it.
            _ = gate.wait(timeout: .now() + .seconds(30))
        }
        return try real.hash(password)
    }
}
