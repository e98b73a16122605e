import Foundation
import Logging
import Synchronization
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// The service's log: how calls ended, at levels an operator can act on, and never a secret.
@Suite(.onEveryEngine, .tags(.postgres)) struct ServiceLoggingTests {
    /// Keeps every record, as text (message and metadata) with its level.
    final class Records: Sendable {
        let lines = Mutex<[(Logger.Level, String)]>([])
        var all: [(Logger.Level, String)] { lines.withLock { $0 } }
    }

    struct CapturingHandler: LogHandler {
        let records: Records
        var logLevel: Logger.Level = .trace
        var metadata: Logger.Metadata = [:]

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let fields = (event.metadata ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            records.lines.withLock { $0.append((event.level, "\(event.message) " + fields.joined(separator: " "))) }
        }
    }

    @Test func theLogSaysHowCallsEndedAndNeverHoldsASecret() async throws {
        let records = Records()
        let logger = Logger(label: "test") { _ in CapturingHandler(records: records) }
        let service = LatchkeyService(workers: try Seeds.workers(), logger: logger)
        let password = Seeds.password
        let wrong = "hunter2 is not the password"
        let nameThatIsAPassword = "my-real-passphrase-typed-as-a-name"

        _ = try await service.register(username: "alice", password: password)
        let token = try #require(try await service.signIn(username: "alice", password: password).token)
        _ = try? await service.signIn(username: nameThatIsAPassword, password: wrong)
        for _ in 0..<6 { _ = try? await service.signIn(username: "alice", password: wrong) }
        _ = try await service.authenticate(token: token)
        _ = try? await service.register(username: "bob", password: "bob's short")

        let all = records.all
        #expect(all.contains { $0.0 == .info && $0.1.contains("sign-in: signed_in") && $0.1.contains("user_id=1") })
        #expect(all.contains { $0.0 == .info && $0.1.contains("account created") })
        #expect(all.contains { $0.0 == .notice && $0.1.contains("code=invalid_credentials") })
        #expect(all.contains { $0.0 == .notice && $0.1.contains("code=throttled") })
        #expect(all.contains { $0.0 == .info && $0.1.contains("code=weak_password") && !$0.1.contains("reason=") })
        for secret in [password, token, wrong, nameThatIsAPassword, "bob's short"] {
            #expect(!all.contains { $0.1.contains(secret) }, "the log holds \(secret)")
        }
    }

    @Test func aFailedDeliveryIsAWarningWithoutTheCode() async throws {
        let records = Records()
        let logger = Logger(label: "test") { _ in CapturingHandler(records: records) }
        let base = try Seeds.workers()
        let spy = DeliverySpy(failing: true)
        let service = LatchkeyService(
            workers: LatchkeyWorkers(
                database: base.database, hasher: base.hasher, policy: base.policy, secret: base.secret, delivery: spy),
            logger: logger)
        _ = try await service.register(username: "alice", password: Seeds.password)
        try await service.requestPasswordReset(account: "alice")
        let message = try #require(await spy.waitFor(1).first)
        let limit = ContinuousClock.now + .seconds(10)
        while !records.all.contains(where: { $0.1.contains("delivery failed") }) && ContinuousClock.now < limit {
            await Task.yield()
        }
        let line = try #require(records.all.first { $0.1.contains("delivery failed") })
        #expect(line.0 == .warning)
        #expect(line.1.contains("kind=password_reset") && line.1.contains("username=alice"))
        #expect(line.1.contains("the spy was told to fail"))
        #expect(!records.all.contains { $0.1.contains(message.typed) || $0.1.contains(message.link) })
    }

    @Test func overloadAndStorageFailuresAreWhatAnOperatorActsOn() {
        #expect(LatchkeyService.level(of: .overloaded) == .warning)
        #expect(LatchkeyService.level(of: .storage) == .error)
        #expect(LatchkeyService.level(of: .invalidCredentials) == .notice)
    }
}
