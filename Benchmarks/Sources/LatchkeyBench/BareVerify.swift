import Foundation
import Latchkey
import Synchronization

/// `--bare-verify SECONDS THREADS`: Latchkey's Argon2id verify at the policy's parameters, alone, on
/// `THREADS` threads for `SECONDS`; prints `{"verifies_per_second": N}`. The server load script's
/// baseline for sign-ins per second (the same hasher the server uses, kept memory and all).
enum BareVerify {
    static func run(seconds: Double, threads: Int) throws {
        let hasher = Argon2idHasher()
        let hash = try hasher.hash(Population.password)
        let done = Atomic<Int>(0)
        let start = ContinuousClock.now
        let end = start + .milliseconds(Int(seconds * 1_000))
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            while ContinuousClock.now < end {
                _ = hasher.verify(Population.password, against: hash)
                done.add(1, ordering: .relaxed)
            }
        }
        let elapsed = ContinuousClock.now - start
        let rate =
            Double(done.load(ordering: .relaxed))
            / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        print("{\"verifies_per_second\": \(rate)}")
    }
}
