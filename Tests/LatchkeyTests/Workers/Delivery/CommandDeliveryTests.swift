import Foundation
import Synchronization
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// The delivery command: one JSON object on stdin, a failure or a hang is a failed delivery.
@Suite struct CommandDeliveryTests {
    let message = OutgoingMessage(
        kind: .passwordReset, to: "alice@example.com", username: "alice", displayName: "Alice", code: "K7QD-2M9X",
        linkToken: String(repeating: "a", count: 43), expiresAt: Date(timeIntervalSince1970: 1_800_000_000))

    @Test func theCommandReadsOneJSONObjectWithTheLinkAndNoSecretInItsArguments() throws {
        let folder = try TemporaryFolder()
        let output = folder.path + "/message.json"
        let arguments = folder.path + "/arguments"
        let delivery = CommandDelivery(
            command: "cat > '\(output)'; cat /proc/$$/cmdline > '\(arguments)'",
            linkBases: [.passwordReset: "https://example.com/reset"])
        try delivery.deliver(message)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output))) as? [String: Any])
        #expect(object["kind"] as? String == "password_reset")
        #expect(object["to"] as? String == "alice@example.com")
        #expect(object["username"] as? String == "alice")
        #expect(object["code"] as? String == "K7QD-2M9X")
        #expect(object["link"] as? String == "https://example.com/reset?token=" + String(repeating: "a", count: 43))
        #expect(object["expires_at"] as? String == "2027-01-15T08:00:00Z")
        #expect(object["new_address"] is NSNull)
        #expect(!(try String(contentsOfFile: arguments, encoding: .utf8)).contains("K7QD"))
    }

    @Test func aFailingCommandAndOneThatIgnoresItsInputAreFailedDeliveries() {
        #expect(throws: CommandDeliveryError.self) { try CommandDelivery(command: "exit 3").deliver(message) }
        #expect(throws: CommandDeliveryError.self) {
            try CommandDelivery(command: "/nonexistent/mailer").deliver(message)
        }
        // Exits at once without reading: no SIGPIPE kills the caller, and status 0 is a delivery.
        #expect(throws: Never.self) { try CommandDelivery(command: "true").deliver(message) }
    }

    @Test("a command that exits 0 leaving a child of its own running is delivered without waiting for the child")
    func aCommandThatExitsIsDeliveredWhileItsBackgroundChildRuns() {
        let started = ContinuousClock.now
        #expect(throws: Never.self) {
            try CommandDelivery(command: "cat > /dev/null; sleep 3 > /dev/null 2>&1 & exit 0", timeout: .seconds(2))
                .deliver(message)
        }
        #expect(ContinuousClock.now - started < .seconds(2))
    }

    @Test func aHangingCommandIsKilledAtItsTimeout() throws {
        let started = ContinuousClock.now
        #expect(throws: CommandDeliveryError.self) {
            try CommandDelivery(command: "sleep 60", timeout: .milliseconds(300)).deliver(message)
        }
        // Bounded: far below the command's own minute.
        #expect(ContinuousClock.now - started < .seconds(30))
    }
}

/// The running set a shutdown kills from: a pid leaves it before it is reaped, so a pid it holds is
/// never another process's.
@Suite(.tags(.stress)) struct CommandDeliveryRunningSetTests {
    @Test("a delivery's pid leaves the running set before the command is reaped, never after")
    func aPidLeavesTheRunningSetBeforeItIsReaped() throws {
        let delivery = CommandDelivery(command: "cat > /dev/null")
        let message = OutgoingMessage(
            kind: .passwordReset, to: nil, username: "alice", displayName: nil, code: "K7QD-2M9X", linkToken: nil,
            expiresAt: Date(timeIntervalSince1970: 1_800_000_000))
        let watch = Watch()
        let watcher = Thread {
            // kill(pid, 0) finds a running child and a zombie; ESRCH means the pid was reaped.
            while !watch.stop.load(ordering: .relaxed) {
                delivery.withRunningCommands { pids in
                    for pid in pids where kill(pid, 0) != 0 && errno == ESRCH {
                        watch.reapedWhileListed.add(1, ordering: .relaxed)
                    }
                }
            }
        }
        watcher.start()
        for _ in 0..<200 { try delivery.deliver(message) }
        watch.stop.store(true, ordering: .relaxed)
        #expect(watch.reapedWhileListed.load(ordering: .relaxed) == 0)
        #expect(delivery.withRunningCommands { $0.isEmpty })
    }
}

/// What the watching thread shares with the test.
private final class Watch: Sendable {
    let stop = Atomic<Bool>(false)
    let reapedWhileListed = Atomic<Int>(0)
}
