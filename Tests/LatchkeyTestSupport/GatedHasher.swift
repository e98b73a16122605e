import Dispatch
import Foundation
import Latchkey
import Synchronization

/// A real (cheap) hasher whose first `verify` stops until the test opens the gate, so a test can
/// run another request in the middle of one sign-in, at exactly the point where the race lies.
final class GatedHasher: PasswordHashing {
    private let real = Argon2idHasher(parameters: .cheapestForTests)
    private let calls = Mutex(0)
    private let entered = DispatchSemaphore(value: 0)
    private let gate = DispatchSemaphore(value: 0)

    var dummyHash: String { real.dummyHash }
    func hash(_ password: String) throws -> String { try real.hash(password) }
    func needsRehash(_ hash: String) -> Bool { real.needsRehash(hash) }

    func verify(_ password: String, against hash: String) -> Bool {
        let first = calls.withLock { count in
            count += 1
            return count == 1
        }
        let result = real.verify(password, against: hash)
        if first {
            entered.signal()
            gate.wait()
        }
        return result
    }

    /// Waits until the first verify has run and stopped at the gate.
    func waitUntilHeld() { entered.wait() }

    /// Lets the first verify go on.
    func open() { gate.signal() }
}

/// Runs `body` on its own thread; `wait()` joins it and gives its result.
final class BackgroundRun<Result: Sendable>: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let result = Mutex<Result?>(nil)

    init(_ body: @escaping @Sendable () -> Result) {
        Thread.detachNewThread { [self] in
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }
    }

    func wait() -> Result {
        done.wait()
        return result.withLock { $0! }
    }
}
