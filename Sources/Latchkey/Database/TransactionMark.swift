import Foundation

/// Marks, per thread, the workers it is inside a `read` or `write` of, so a nested call on the same
/// worker is refused as misuse instead of deadlocking or running outside the first transaction.
/// A transaction on another worker may nest (a copy reads one database while writing the other).
enum TransactionMark {
    /// The workers a thread is in, at most a few: a list is quicker than a set.
    private final class Marks {
        var workers: [ObjectIdentifier] = []
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { marks in if let marks { Unmanaged<AnyObject>.fromOpaque(marks).release() } }
        return key
    }()

    private static var marks: Marks {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<Marks>.fromOpaque(pointer).takeUnretainedValue()
        }
        let marks = Marks()
        pthread_setspecific(key, Unmanaged.passRetained(marks).toOpaque())
        return marks
    }

    static func enter(_ worker: DatabaseWorker) throws(DatabaseError) {
        let marks = marks
        let id = ObjectIdentifier(worker)
        guard !marks.workers.contains(id) else {
            throw .misused("a read or write started inside another one on the same worker")
        }
        marks.workers.append(id)
    }

    static func leave(_ worker: DatabaseWorker) {
        let marks = marks
        if let index = marks.workers.lastIndex(of: ObjectIdentifier(worker)) { marks.workers.remove(at: index) }
    }
}
