import Glibc

/// Writing a whole buffer to a file descriptor, short writes and interruptions retried: the one
/// loop the CLI's output, a delivery command's input and the test support's child input share.
package enum FileDescriptorOutput {
    /// Writes all of `bytes` to `descriptor`. Answers 0, or the `errno` of the write that failed
    /// (`EIO` for one that wrote nothing without saying why).
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return written < 0 ? errno : EIO }
            offset += written
        }
        return 0
    }
}
