import CSodium
import CSodiumMemory
import Foundation
import Synchronization
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// Argon2id in memory kept from one hash to the next, on threads of the tests' own. Each test hashes
/// at a memory size no other test uses, so the regions it sees are its own.
@Suite struct Argon2idMemoryTests {
    @Test func hashesReuseMemoryUnlessTheEnvironmentAsksForPerHashMemory() {
        #expect(
            Argon2idHasher.reusesMemory == (ProcessInfo.processInfo.environment["LATCHKEY_HASH_MEMORY"] != "per-hash"))
    }

    @Test func aThreadsNextHashWorksInTheRegionItsLastOneGaveBack() throws {
        let hasher = Self.hasher(kibibytes: 3_000)
        let regions = try Self.onThread { () throws -> [UInt] in
            let hash = try hasher.hash(Seeds.password)
            let first = UInt(bitPattern: latchkey_argon2id_last_region())
            #expect(hasher.verify(Seeds.password, against: hash))
            let second = UInt(bitPattern: latchkey_argon2id_last_region())
            #expect(!hasher.verify(Seeds.otherPassword, against: hash))
            return [first, second, UInt(bitPattern: latchkey_argon2id_last_region())]
        }
        guard Argon2idHasher.reusesMemory else { return }  // the first test checks that this is on
        #expect(regions[0] != 0)
        #expect(regions == [regions[0], regions[0], regions[0]])
        #expect(latchkey_argon2id_kept_regions(3_000 * 1024) == 1)
    }

    @Test func hashesInKeptMemoryAndLibsodiumsOwnVerifyEachOther() throws {
        let hasher = Self.hasher(kibibytes: 3_100)
        let kept = try hasher.hash(Seeds.password)
        #expect(crypto_pwhash_argon2id_str_verify(kept, Seeds.password, UInt64(Seeds.password.utf8.count)) == 0)
        var output = [CChar](repeating: 0, count: Int(crypto_pwhash_argon2id_STRBYTES))
        #expect(
            crypto_pwhash_argon2id_str(
                &output, Seeds.password, UInt64(Seeds.password.utf8.count), 1, 3_100 * 1024) == 0)
        let own = String(decoding: output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #expect(hasher.verify(Seeds.password, against: own))
        #expect(!hasher.verify(Seeds.otherPassword, against: own))
    }

    @Test func threadsHashingAtOnceNeverShareARegionAndGetEveryAnswerRight() throws {
        let hasher = Self.hasher(kibibytes: 3_200)
        let threads = 4, rounds = 6
        let answers = Mutex([(regions: Set<UInt>, right: Int)]())
        let group = DispatchGroup()
        for index in 0..<threads {
            group.enter()
            Thread {
                defer { group.leave() }
                var right = 0
                var regions = Set<UInt>()
                for round in 0..<rounds {
                    // A region two hashes shared at once would give wrong hashes, which verify refuses.
                    let password = "thread \(index) round \(round) passphrase"
                    guard let hash = try? hasher.hash(password) else { continue }
                    regions.insert(UInt(bitPattern: latchkey_argon2id_last_region()))
                    if hasher.verify(password, against: hash) && !hasher.verify(password + "!", against: hash) {
                        right += 1
                    }
                    regions.insert(UInt(bitPattern: latchkey_argon2id_last_region()))
                }
                answers.withLock { $0.append((regions, right)) }
            }.start()
        }
        group.wait()
        let all = answers.withLock { $0 }
        #expect(all.count == threads)
        #expect(all.allSatisfy { $0.right == rounds })
        guard Argon2idHasher.reusesMemory else { return }  // the first test checks that this is on
        // 72 hashes at most 4 at a time: far fewer regions than hashes, and no more kept than cores.
        let regions = all.reduce(into: Set<UInt>()) { $0.formUnion($1.regions) }
        #expect(!regions.contains(0))
        #expect(regions.count < threads * rounds)
        let kept = Int(latchkey_argon2id_kept_regions(3_200 * 1024))
        #expect(kept >= 1 && kept <= ProcessInfo.processInfo.activeProcessorCount)
    }

    private static func hasher(kibibytes: Int) -> Argon2idHasher {
        Argon2idHasher(parameters: Argon2Parameters(memoryBytes: kibibytes * 1024, iterations: 1))
    }

    /// Runs `body` on a thread of its own (whose kept regions no other test shares) and answers
    /// what it returned.
    private static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) throws -> T {
        try BackgroundRun { Result { try body() } }.wait().get()
    }
}
