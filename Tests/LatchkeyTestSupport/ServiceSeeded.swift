import Latchkey

/// A suite that starts from a `ServiceSeed` and calls its parts by their short names.
protocol ServiceSeeded {
    var seed: ServiceSeed { get }
}

extension ServiceSeeded {
    var time: ManualTime { seed.time }
    var delivery: DeliverySpy { seed.delivery }
    var workers: LatchkeyWorkers { seed.workers }
    var service: LatchkeyService { seed.service }
}
