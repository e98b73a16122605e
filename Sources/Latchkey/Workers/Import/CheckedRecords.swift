import Dispatch
import Foundation
import Synchronization

/// An import's records, read and checked on a thread of their own a batch at a time while the
/// caller writes the previous batch: reading and checking cost about as much as writing, and a
/// machine has a second core. At most `depth` batches wait, so memory stays flat.
final class CheckedRecords: Sendable {
    typealias Item = Result<ImportCandidate, ImportRowProblem>

    struct Batch: Sendable {
        var items: [Item] = []
        /// The share of the file read when the batch was made (nil for a pipe).
        var fraction: Double?
        /// The file could not be read on (nothing is imported).
        var problem: ImportFileProblem?
        var last = false
    }

    private struct State {
        var batches: [Batch] = []
        var cancelled = false
        var ended = false
    }

    private static let batchSize = 1_024
    private let state = Mutex(State())
    private let filled = DispatchSemaphore(value: 0)
    // Made at 0 and signalled `depth` times: libdispatch traps when a semaphore is freed below the
    // value it was made with, which a closed stream's may be.
    private let room = DispatchSemaphore(value: 0)
    private let stopped = DispatchSemaphore(value: 0)

    /// Starts reading `reader` at once; `close()` must follow.
    init(_ reader: ImportReader, now: Date, depth: Int = 4) {
        for _ in 0..<depth { room.signal() }
        let thread = Thread { [self] in
            produce(reader, now: now)
            stopped.signal()
        }
        thread.name = "latchkey-import"
        thread.start()
    }

    private func produce(_ start: ImportReader, now: Date) {
        var reader = start
        let checker = ImportFieldCheck(now: now)
        var last = false
        while !last {
            room.wait()
            if state.withLock({ $0.cancelled }) { return }
            var batch = Batch()
            do {
                while batch.items.count < Self.batchSize {
                    guard let row = try reader.next() else {
                        batch.last = true
                        break
                    }
                    batch.items.append(row.flatMap { checker.check($0) })
                }
            } catch {
                batch.problem = error
                batch.last = true
            }
            batch.fraction = reader.fraction
            last = batch.last
            state.withLock { $0.batches.append(batch) }
            filled.signal()
        }
    }

    /// The next batch, nil after the last; throws when the file could not be read on.
    func next() throws(ImportFileProblem) -> Batch? {
        guard !state.withLock({ $0.ended }) else { return nil }
        filled.wait()
        let batch = state.withLock { state in
            let batch = state.batches.removeFirst()
            state.ended = batch.last
            return batch
        }
        room.signal()
        if let problem = batch.problem { throw problem }
        return batch
    }

    /// Stops the reading thread (if it has not finished) and waits for it: the caller closes the file next.
    func close() {
        state.withLock { $0.cancelled = true }
        room.signal()
        stopped.wait()
    }
}
