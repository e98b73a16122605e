import Foundation
import Latchkey

/// A delivery as slow as a mail provider's API (20 ms a message), so a request that waited for it
/// would show.
private struct SlowMailer: MessageDelivery {
    func deliver(_ message: OutgoingMessage) throws { usleep(20_000) }
}

/// Issue 21: a reset request answers in the same time whether or not the account exists: the code's
/// delivery runs after the answer, on the service's delivery lane.
extension Cases {
    func resetRequests(_ population: Population) async throws -> [Result] {
        let service = LatchkeyService(
            workers: LatchkeyWorkers(
                database: try DatabaseWorker(.file(path: population.path)), delivery: SlowMailer()))
        var known = Samples()
        var unknown = Samples()
        var user = 0
        // Interleaved, as `interleaved` does for synchronous cases: a noisy neighbour hits both alike.
        for _ in 0..<(quick ? 10 : 30) {
            for _ in 0..<10 {
                user = user % population.users + 1
                let start = nanoseconds()
                try await service.requestPasswordReset(account: String(format: "user%07d", user))
                known.values.append(Double(nanoseconds() - start))
            }
            for index in 0..<10 {
                let start = nanoseconds()
                try await service.requestPasswordReset(account: "nobody\(user)x\(index)")
                unknown.values.append(Double(nanoseconds() - start))
            }
        }
        return [
            row("reset request, existing account (service)", known),
            row("reset request, no such account (service)", unknown),
            ratio(
                "reset request: existing / no such account", known.median / unknown.median, target: 1.1, lowerBound: 0.9
            ),
        ]
    }
}
