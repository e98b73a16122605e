import Foundation
import Latchkey

/// A service over fresh workers on the test's engine, with a clock the test moves and a delivery
/// spy that keeps every message: where the suites about codes and notices sent by message start.
struct ServiceSeed {
    let time = ManualTime(Date())
    let delivery = DeliverySpy()
    let workers: LatchkeyWorkers
    let service: LatchkeyService

    init() throws {
        workers = try Seeds.workers(time: time, delivery: delivery)
        service = LatchkeyService(workers: workers)
    }
}
