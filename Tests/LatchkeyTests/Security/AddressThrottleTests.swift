import Dispatch
import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// Throttling with a client address (issue 19, §3): no one address can lock a victim out, and no one
/// address can spray passwords across every name.
@Suite(.onEveryEngine, .tags(.postgres)) struct AddressThrottleTests {
    let time = ManualTime()
    let hasher = PasswordHashingSpy(Argon2idHasher(parameters: .cheapestForTests))
    let workers: LatchkeyWorkers

    init() throws {
        workers = try Seeds.workers(time: time, hasher: hasher)
        try Seeds.register(Seeds.alice, with: workers)
    }

    private func signIn(
        _ name: String, _ password: String, from address: String, workers: LatchkeyWorkers? = nil
    ) throws -> Login.Authenticate.Response? {
        let spy = LoginPresentationLogicSpy()
        let client = try ClientContext(address: address, userAgent: "test agent")
        LoginInteractor(presenter: spy, workers: workers ?? self.workers, client: client).login(
            request: .init(username: name, password: password))
        return spy.responses.last
    }

    private func signsIn(_ name: String = "alice", from address: String) throws -> Bool {
        if case .signedIn = try signIn(name, Seeds.password, from: address) { return true }
        return false
    }

    @Test func fiveFailuresFromOneAddressLockTheNameOnlyFromThatAddress() throws {
        for _ in 0..<5 { #expect(try signIn("alice", Seeds.otherPassword, from: "203.0.113.7") == .invalidCredentials) }
        #expect(try signIn("alice", Seeds.password, from: "203.0.113.7") == .throttled(retryAfter: .seconds(15 * 60)))
        #expect(try signsIn(from: "198.51.100.20"), "the attacker's failures locked the victim out everywhere")
        // Without an address (the CLI on this machine) the name has no failures of its own.
        _ = try Seeds.login("alice", with: workers)
    }

    @Test func addressesInOneIPv6SlashSixtyFourCountAsOne() throws {
        for host in 1...5 {
            _ = try signIn("alice", Seeds.otherPassword, from: "2001:db8:0:0::\(host)")
        }
        #expect(
            try signIn("alice", Seeds.password, from: "2001:db8::ffff:1") == .throttled(retryAfter: .seconds(15 * 60)))
        #expect(try signsIn(from: "2001:db8:0:1::1"), "the next /64 is another subscriber")
    }

    @Test func anIPv4AddressSeenThroughAnIPv6SocketCountsAsItself() throws {
        for _ in 0..<5 { _ = try signIn("alice", Seeds.otherPassword, from: "::ffff:203.0.113.7") }
        #expect(try signIn("alice", Seeds.password, from: "203.0.113.7") == .throttled(retryAfter: .seconds(15 * 60)))
    }

    @Test func aNameLocksForEveryAddressOnlyAfterAHundredFailuresFromAllOfThem() throws {
        for host in 1...99 { _ = try signIn("alice", Seeds.otherPassword, from: "198.51.100.\(host)") }
        #expect(try signsIn(from: "192.0.2.1"), "locked before NIST's hundred")
        // The success ended the name's run: a hundred more are needed.
        for host in 1...100 { _ = try signIn("alice", Seeds.otherPassword, from: "198.51.100.\(host)") }
        #expect(try signIn("alice", Seeds.password, from: "192.0.2.2") == .throttled(retryAfter: .seconds(15 * 60)))
        time.advance(by: .seconds(15 * 60))
        #expect(try signsIn(from: "192.0.2.2"), "still locked after the lockout duration")
    }

    @Test func aHundredFailuresFromOneAddressAcrossNamesBlockTheAddressForAnHour() throws {
        // Four guesses for each of 25 names: no name-and-address pair reaches its five.
        for name in 0..<25 {
            for _ in 0..<4 { _ = try signIn("user\(name)", Seeds.otherPassword, from: "203.0.113.9") }
        }
        hasher.reset()
        #expect(
            try signIn("someone-new", Seeds.otherPassword, from: "203.0.113.9")
                == .throttled(retryAfter: .seconds(3600)))
        #expect(try signIn("alice", Seeds.password, from: "203.0.113.9") == .throttled(retryAfter: .seconds(3600)))
        #expect(hasher.calls.isEmpty, "a blocked address had a password checked")
        #expect(try signsIn(from: "203.0.113.10"))
        time.advance(by: .seconds(59 * 60))
        #expect(try signIn("alice", Seeds.password, from: "203.0.113.9") == .throttled(retryAfter: .seconds(60)))
        time.advance(by: .seconds(60))
        #expect(try signsIn(from: "203.0.113.9"), "still blocked after the hour")
    }

    @Test func aSuccessFromAnAddressTakesBackOnlyItsOwnAttemptFromTheAddressCount() throws {
        for name in 0..<33 {
            for _ in 0..<3 { _ = try signIn("user\(name)", Seeds.otherPassword, from: "203.0.113.9") }
        }
        // 99 failures: alice's success must not clear them, or one account would launder a spray.
        #expect(try signsIn(from: "203.0.113.9"))
        #expect(try signIn("user99", Seeds.otherPassword, from: "203.0.113.9") == .invalidCredentials)
        #expect(
            try signIn("user98", Seeds.otherPassword, from: "203.0.113.9") == .throttled(retryAfter: .seconds(3600)))
    }

    @Test func anOperatorsUnlockEndsTheLocksOfTheNameFromEveryAddress() throws {
        for _ in 0..<5 { _ = try signIn("alice", Seeds.otherPassword, from: "203.0.113.7") }
        let admin = AdminPresentationLogicSpy()
        AdminInteractor(presenter: admin, workers: workers).act(
            request: .init(username: "alice", action: .unlock, actor: .init(osUser: "root")))
        #expect(try signsIn(from: "203.0.113.7"))
    }

    @Test func rowsKeyedOnAnAddressHoldNeitherTheNameNorTheAddressInClear() throws {
        _ = try signIn("alice", Seeds.otherPassword, from: "203.0.113.7")
        _ = try signIn("nobody-here", Seeds.otherPassword, from: "203.0.113.7")
        let keys = try workers.database.read { db in
            try db.query("SELECT throttle_key FROM login_throttle") { try $0.string("throttle_key") }
        }
        #expect(keys.count == 5)  // two pairs, two names across addresses, one address
        for key in keys where key.hasPrefix("pair:") || key.hasPrefix("address:") {
            #expect(!key.contains("alice") && !key.contains("nobody") && !key.contains("203.0.113"), "\(key)")
        }
        #expect(!keys.contains { $0.contains("nobody-here") })
    }

    @Test func theSessionAndTheAuditTrailRecordWhereTheSignInCameFrom() throws {
        #expect(try signsIn(from: "2001:DB8::0:1"))
        _ = try signIn("alice", Seeds.otherPassword, from: "203.0.113.7")
        let rows = try workers.database.read { db in
            (
                sessions: try db.query("SELECT client_address, client_agent FROM sessions") {
                    [try $0.optionalString("client_address"), try $0.optionalString("client_agent")]
                },
                events: try db.query(
                    "SELECT kind, client_address FROM auth_events WHERE kind <> 'registered' ORDER BY id"
                ) { [try $0.optionalString("kind"), try $0.optionalString("client_address")] }
            )
        }
        #expect(rows.sessions == [["2001:db8::1", "test agent"]])
        #expect(rows.events == [["login_succeeded", "2001:db8::1"], ["login_failed", "203.0.113.7"]])
    }

    @Test(arguments: ["alice", "nobody-by-this-name"])
    func parallelGuessesFromOneAddressVerifyNoMorePasswordsThanThePairAllows(_ name: String) throws {
        let folder = try TemporaryFolder()
        let workers = LatchkeyWorkers(
            database: try racingDatabase(in: folder), hasher: hasher)
        try Seeds.register(Seeds.alice, with: workers)
        hasher.reset()
        let client = try ClientContext(address: "203.0.113.7")
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let interactor = LoginInteractor(presenter: LoginPresentationLogicSpy(), workers: workers, client: client)
            for _ in 0..<12 { interactor.login(request: .init(username: name, password: Seeds.otherPassword)) }
        }
        #expect(verifies() == workers.policy.maximumFailedLogins)
    }

    @Test func parallelGuessesAcrossNamesFromOneAddressVerifyNoMoreThanTheAddressAllows() throws {
        let folder = try TemporaryFolder()
        var policy = SecurityPolicy()
        policy.maximumFailedLoginsPerAddress = 20
        let workers = LatchkeyWorkers(
            database: try racingDatabase(in: folder), hasher: hasher, policy: policy)
        hasher.reset()
        let client = try ClientContext(address: "203.0.113.7")
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            let interactor = LoginInteractor(presenter: LoginPresentationLogicSpy(), workers: workers, client: client)
            for attempt in 0..<12 {
                interactor.login(request: .init(username: "t\(thread)-\(attempt)", password: Seeds.otherPassword))
            }
        }
        #expect(verifies() == 20)
    }

    private func verifies() -> Int {
        hasher.calls.filter { if case .verify = $0 { true } else { false } }.count
    }
}

@Suite struct ClientContextTests {
    @Test(arguments: ["", "localhost", "203.0.113", "203.0.113.7:80", "fe80::1%eth0", "2001:db8::1/64", "1.2.3.4 "])
    func textThatIsNotAnAddressIsRefusedAsInvalidInput(_ text: String) {
        #expect(throws: LatchkeyError(code: .invalidInput, message: "The client address is not an IP address.")) {
            try ClientContext(address: text)
        }
    }

    @Test func addressesAreKeptInTheSystemsCanonicalText() throws {
        #expect(try ClientContext(address: "2001:0DB8:0000::0001").address == "2001:db8::1")
        #expect(try ClientContext(address: "::ffff:192.0.2.1").address == "192.0.2.1")
        #expect(try ClientContext(address: "192.0.2.1").network == "v4:192.0.2.1")
        #expect(try ClientContext(address: "2001:db8:1:2:3:4:5:6").network == "v6:20010db800010002/64")
    }

    @Test func aUserAgentLosesControlCharactersAndIsCutToItsLimit() throws {
        let agent = try ClientContext(address: "192.0.2.1", userAgent: "curl/8\u{1B}[2J\n\u{202E}x").userAgent
        #expect(agent == "curl/8[2Jx")
        let long = try ClientContext(address: "192.0.2.1", userAgent: String(repeating: "a", count: 1_000))
        #expect(long.userAgent?.count == ClientContext.maximumUserAgentLength)
        #expect(ClientContext(local: "\u{7}").userAgent == nil)
    }

    @Test func aRangeHoldsTheAddressesOfItsPrefixOnly() throws {
        let ten = try #require(AddressRange("10.0.0.0/8"))
        #expect(ten.contains("10.255.1.2") && ten.contains("::ffff:10.0.0.1"))
        #expect(!ten.contains("11.0.0.1") && !ten.contains("2001:db8::1") && !ten.contains("not an address"))
        let six = try #require(AddressRange("2001:db8::/33"))
        #expect(six.contains("2001:db8:7fff::1") && !six.contains("2001:db8:8000::1"))
        #expect(try #require(AddressRange("127.0.0.1")).contains("127.0.0.1"))
        #expect(!(try #require(AddressRange("127.0.0.1")).contains("127.0.0.2")))
        for text in ["10.0.0.0/33", "10.0.0.0/", "/8", "10.0.0.0/8/8", "localhost", "::/129"] {
            #expect(AddressRange(text) == nil, "\(text)")
        }
    }
}
