import Foundation
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
        #expect(throws: CommandDelivery.Failed.self) { try CommandDelivery(command: "exit 3").deliver(message) }
        #expect(throws: CommandDelivery.Failed.self) {
            try CommandDelivery(command: "/nonexistent/mailer").deliver(message)
        }
        // Exits at once without reading: no SIGPIPE kills the caller, and status 0 is a delivery.
        #expect(throws: Never.self) { try CommandDelivery(command: "true").deliver(message) }
    }

    @Test func aHangingCommandIsKilledAtItsTimeout() throws {
        let started = ContinuousClock.now
        #expect(throws: CommandDelivery.Failed.self) {
            try CommandDelivery(command: "sleep 60", timeout: .milliseconds(300)).deliver(message)
        }
        // Bounded: far below the command's own minute.
        #expect(ContinuousClock.now - started < .seconds(30))
    }
}
