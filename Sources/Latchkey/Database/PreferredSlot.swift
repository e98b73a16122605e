import Foundation

/// The pool slot this thread last used, per thread: each thread tries it first, so two threads
/// that share a pool settle on different connections and stop touching each other's locks (a
/// shared first slot cost a contended lock on every read). A hint only: any slot may be taken.
enum PreferredSlot {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The slot to try first (0 until the thread has used one).
    static var index: Int {
        get { Int(bitPattern: pthread_getspecific(key)) }
        set { pthread_setspecific(key, UnsafeRawPointer(bitPattern: newValue)) }
    }
}
