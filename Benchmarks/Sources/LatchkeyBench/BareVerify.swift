import Foundation
import Latchkey
import Synchronization

/// `--bare-verify SECONDS THREADS`: Latchkey's Argon2id verify at the policy's parameters, alone, on
/// `THREADS` threads for `SECONDS`; prints `{"verifies_per_second": N}`. The server load script's
/// baseline for sign-ins per second (the same hasher the server uses, kept memory and all), and the
/// service cases' baseline too.
enum BareVerify {
    static func run(seconds: Double, threads: Int) throws {
        let hash = try Argon2idHasher().hash(Population.password)
        let rate = self.rate(threads: threads, hash: hash, for: .milliseconds(Int(seconds * 1_000)))
        print("{\"verifies_per_second\": \(rate)}")
    }

    /// Verifies of `hash` per second on `threads` threads for `duration`.
    static func rate(threads: Int, hash: String, for duration: Duration) -> Double {
        let hasher = Argon2idHasher()
        let done = Atomic<Int>(0)
        let start = ContinuousClock.now
        let end = start + duration
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            while ContinuousClock.now < end {
                _ = hasher.verify(Population.password, against: hash)
                done.add(1, ordering: .relaxed)
            }
        }
        let elapsed = ContinuousClock.now - start
        return Double(done.load(ordering: .relaxed))
            / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
}
