import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// The hashing lane's spare threads: sign-ins beyond the hashing threads start their database work,
/// then wait for a permit, and never hash beside the ones computing.
@Suite struct PermittedHasherTests {
    @Test func aSignInBeyondTheHashingThreadsRunsOnASpareThreadAndWaitsForAPermitToHash() async throws {
        let (service, counting) = try service(hashingThreads: 1, queueDepth: 3)

        let held = Task { try await service.signIn(username: "alice", password: Seeds.password) }
        await Task.detached { counting.gate.waitUntilHeld() }.value
        let spare = Task { try await service.signIn(username: "alice", password: Seeds.password) }
        try await until { service.permits.waiting == 1 }
        // Taken by the lane's spare thread (nothing queued), held back from hashing by the permit.
        #expect(service.hashing.waiting == 0)
        #expect(service.signInsWaiting == 1)
        #expect(service.signInsHashing == 1)
        let queued = (0..<2).map { _ in Task { try await service.signIn(username: "alice", password: Seeds.password) } }
        try await until { service.signInsWaiting == 3 }
        // One held, one at the permit, two queued: the depth of 3 and 1 hashing thread are used up.
        #expect(
            await errorCode { try await service.signIn(username: "alice", password: Seeds.password) } == .overloaded)

        counting.gate.open()
        for task in [held, spare] + queued { #expect(try await task.value.status == .signedIn) }
        #expect(counting.mostAtOnce == 1)
        #expect(service.signInsHashing == 0 && service.signInsWaiting == 0)
    }

    @Test func twoHashingThreadsHashTwoAtOnceAndNoMore() async throws {
        let (service, counting) = try service(hashingThreads: 2, queueDepth: 16)
        let signIns = (0..<8).map { _ in Task { try await service.signIn(username: "alice", password: Seeds.password) }
        }
        await Task.detached { counting.gate.waitUntilHeld() }.value
        // The other seven pass one another through the second permit while the first is held.
        try await until { counting.finished == 7 }
        counting.gate.open()
        for task in signIns { #expect(try await task.value.status == .signedIn) }
        #expect(counting.mostAtOnce == 2)
    }

    /// A service whose hasher counts, with alice registered.
    private func service(hashingThreads: Int, queueDepth: Int) throws -> (LatchkeyService, CountingHasher) {
        let plain = try Seeds.workers()
        try Seeds.register(Seeds.alice, with: plain)
        let counting = CountingHasher()
        let workers = LatchkeyWorkers(
            database: plain.database, hasher: counting, time: plain.time, policy: plain.policy, secret: plain.secret)
        let lanes = LatchkeyService.Lanes(
            hashingThreads: hashingThreads, hashingQueueDepth: queueDepth, databaseThreads: 2)
        return (LatchkeyService(workers: workers, lanes: lanes), counting)
    }

    /// Polls `condition` (lane threads move on their own, at a lower priority than a busy machine's
    /// other work); fails after 60 s.
    private func until(_ condition: () -> Bool) async throws {
        let limit = ContinuousClock.now + .seconds(60)
        while !condition() {
            try #require(ContinuousClock.now < limit, "the service never reached the expected state")
            await Task.yield()
        }
    }
}

/// A gated hasher that also counts how many verifies ran at once, at most.
private final class CountingHasher: PasswordHashing {
    let gate = GatedHasher()
    private let counts = Mutex((now: 0, most: 0, finished: 0))

    var mostAtOnce: Int { counts.withLock { $0.most } }
    var finished: Int { counts.withLock { $0.finished } }
    var dummyHash: String { gate.dummyHash }
    func hash(_ password: String) throws -> String { try gate.hash(password) }
    func needsRehash(_ hash: String) -> Bool { gate.needsRehash(hash) }

    func verify(_ password: String, against hash: String) -> Bool {
        counts.withLock {
            $0.now += 1
            $0.most = max($0.most, $0.now)
        }
        defer {
            counts.withLock {
                $0.now -= 1
                $0.finished += 1
            }
        }
        return gate.verify(password, against: hash)
    }
}
