import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// Registration from a network address is limited before its Argon2id hash: an address registers
/// at most the policy's number of accounts per window, and one blocked for failed sign-ins
/// registers none.
@Suite(.onEveryEngine, .tags(.postgres)) struct RegistrationThrottleTests {
    let time = ManualTime()
    let hasher = PasswordHashingSpy(Argon2idHasher(parameters: .cheapestForTests))
    let workers: LatchkeyWorkers

    init() throws {
        var policy = SecurityPolicy()
        policy.maximumRegistrationsPerAddress = 3
        policy.maximumFailedLoginsPerAddress = 4
        workers = try Seeds.workers(time: time, hasher: hasher, policy: policy)
    }

    private func register(_ name: String, from address: String?) throws -> Register.CreateAccount.Response? {
        let spy = RegisterPresentationLogicSpy()
        let client = try address.map { try ClientContext(address: $0) }
        RegisterInteractor(presenter: spy, workers: workers, client: client).register(
            request: .init(username: name, password: Seeds.password))
        return spy.responses.last
    }

    private func hashes() -> Int { hasher.calls.filter { $0 == .hash }.count }

    @Test func anAddressRegistersThePolicysNumberThenNothingUntilTheWindowEnds() throws {
        for index in 0..<3 { #expect(try register("user\(index)", from: "203.0.113.7")?.registered != nil) }
        let hashed = hashes()
        #expect(try register("user3", from: "203.0.113.7") == .rejected(.throttled(retryAfter: .seconds(3600))))
        #expect(hashes() == hashed, "a refused registration computed a hash")
        #expect(try register("user4", from: "198.51.100.1")?.registered != nil, "another address was limited")
        #expect(try register("user5", from: nil)?.registered != nil, "the operator's command was limited")
        time.advance(by: .seconds(3600))
        #expect(try register("user6", from: "203.0.113.7")?.registered != nil, "still limited after the window")
    }

    @Test func anAddressBlockedForFailedSignInsRegistersNothing() throws {
        let client = try ClientContext(address: "203.0.113.8")
        for index in 0..<4 {
            LoginInteractor(presenter: LoginPresentationLogicSpy(), workers: workers, client: client).login(
                request: .init(username: "nobody\(index)", password: Seeds.otherPassword))
        }
        #expect(try register("late", from: "203.0.113.8") == .rejected(.throttled(retryAfter: .seconds(3600))))
    }

    @Test func registrationsRacingFromOneAddressNeverPassTheLimit() throws {
        let outcomes = Mutex<[Bool]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let registered = (try? register("racer\(index)", from: "203.0.113.9"))??.registered != nil
            outcomes.withLock { $0.append(registered) }
        }
        #expect(outcomes.withLock { $0.filter { $0 }.count } == 3)
    }

    @Test func theRefusalIsThrottledWithItsOwnWording() {
        let viewModel = Presented.registration(.rejected(.throttled(retryAfter: .seconds(3600))))
        guard case .failure(let failure) = viewModel else {
            Issue.record("not a failure: \(viewModel)")
            return
        }
        #expect(failure.code == .throttled)
        #expect(failure.retryAfter == .seconds(3600))
        #expect(failure.kind == .notAuthenticated)
    }
}
