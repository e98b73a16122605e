import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// The service's delivery queue: bounded before any code is issued, and drained, audited and ended
/// at shutdown; on both engines.
@Suite(.onEveryEngine, .tags(.postgres)) struct DeliveryQueueTests {
    let time = ManualTime(Date())

    private func service(_ delivery: any MessageDelivery, queueDepth: Int = 1_024) throws -> LatchkeyService {
        LatchkeyService(
            workers: try Seeds.workers(time: time, delivery: delivery), lanes: .init(deliveryQueueDepth: queueDepth))
    }

    private func count(_ sql: String, _ service: LatchkeyService) throws -> Int64 {
        try service.workers.database.read { db in try db.queryFirst(sql) { try $0.int64(at: 0) } ?? 0 }
    }

    @Test("a code asked for while the delivery queue is full answers overloaded and issues nothing")
    func aFullQueueAnswersOverloadedAndIssuesNothing() async throws {
        let delivery = GatedDelivery()
        let service = try service(delivery, queueDepth: 1)
        for name in ["alice", "bob"] { _ = try await service.register(username: name, password: Seeds.password) }
        try await service.requestPasswordReset(account: "alice")
        await delivery.waitUntilHeld(1)
        // Known or not, the answer is the same, and nothing is written for either.
        #expect(await errorCode { try await service.requestPasswordReset(account: "bob") } == .overloaded)
        #expect(await errorCode { try await service.requestPasswordReset(account: "nobody") } == .overloaded)
        #expect(try count("SELECT count(*) FROM one_time_codes", service) == 1)
        #expect(try count("SELECT count(*) FROM auth_events WHERE kind = 'password_reset_requested'", service) == 1)
        // Registering with an address would send its code: refused alike, no account stored.
        #expect(
            await errorCode {
                try await service.register(username: "carol", password: Seeds.password, email: "carol@example.com")
            } == .overloaded)
        #expect(try count("SELECT count(*) FROM users WHERE username = 'carol'", service) == 0)
        // Once the message is out, room is free again.
        delivery.open()
        let limit = ContinuousClock.now + .seconds(10)
        while service.messagesQueued > 0 && ContinuousClock.now < limit { await Task.yield() }
        try await service.requestPasswordReset(account: "bob")
        #expect(await service.shutdown(grace: .seconds(10)) == 0)
        #expect(delivery.delivered.map(\.username).sorted() == ["alice", "bob"])
    }

    @Test("shutdown drains for its grace, then audits every message it drops and fails those running")
    func shutdownAuditsEveryDroppedMessage() async throws {
        let delivery = GatedDelivery()
        let service = try service(delivery)
        let names = ["alice", "bob", "carol", "dave", "erin"]
        for name in names { _ = try await service.register(username: name, password: Seeds.password) }
        for name in names { try await service.requestPasswordReset(account: name) }
        // Two delivery threads, both held: three messages wait behind them.
        await delivery.waitUntilHeld(2)
        let dropped = await service.shutdown(grace: .milliseconds(200))
        #expect(dropped == 3)
        #expect(
            try count("SELECT count(*) FROM auth_events WHERE kind = 'password_reset_delivery_failed'", service) == 5)
        #expect(
            try count(
                "SELECT count(*) FROM auth_events WHERE detail = '\(DeliveryQueue.droppedDetail)'", service) == 3)
        #expect(delivery.delivered.isEmpty)
        // Shut down: a new request is refused before anything is issued.
        #expect(await errorCode { try await service.requestPasswordReset(account: "alice") } == .unavailable)
        #expect(try count("SELECT count(*) FROM auth_events WHERE kind = 'password_reset_requested'", service) == 5)
    }

    @Test("shutdown kills a running delivery command together with the child it started")
    func shutdownKillsTheDeliveryCommandsProcessGroup() async throws {
        let folder = try TemporaryFolder()
        let pidFile = folder.file("child.pid")
        let delivery = CommandDelivery(
            command: "cat > /dev/null; sleep 300 & echo $! > '\(pidFile).tmp'; mv '\(pidFile).tmp' '\(pidFile)'; wait",
            timeout: .seconds(120))
        let service = try service(delivery)
        _ = try await service.register(username: "alice", password: Seeds.password)
        try await service.requestPasswordReset(account: "alice")
        let limit = ContinuousClock.now + .seconds(10)
        var child: pid_t?
        while child == nil && ContinuousClock.now < limit {
            child = (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap {
                pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            await Task.yield()
        }
        let pid = try #require(child)
        defer { kill(pid, SIGKILL) }
        let started = ContinuousClock.now
        _ = await service.shutdown(grace: .milliseconds(100))
        #expect(ContinuousClock.now - started < .seconds(30))
        // Killed with its group: gone, or a zombie until init reaps it.
        let gone = ContinuousClock.now + .seconds(5)
        while isAlive(pid) && ContinuousClock.now < gone { await Task.yield() }
        #expect(!isAlive(pid))
        #expect(
            try count("SELECT count(*) FROM auth_events WHERE kind = 'password_reset_delivery_failed'", service) == 1)
    }

    /// True while `pid` runs (a zombie has finished).
    private func isAlive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        let state = stat.split(separator: ")").last?.split(separator: " ").first
        return state != "Z"
    }
}
