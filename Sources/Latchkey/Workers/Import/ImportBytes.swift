import Foundation

// On Linux `stat` is declared by several C modules (glibc's, CoreFoundation's, Dispatch's) and which
// one the compiler credits varies from build to build: importing them all keeps its members visible.
#if os(Linux)
    import CDispatch
    import CoreFoundation
    import Glibc
#endif

/// The bytes of an import file, read 64 KiB at a time from a descriptor, so memory stays flat
/// whatever the file's size.
struct ImportBytes {
    private let descriptor: Int32
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    private var position = 0
    private var count = 0
    private var finished = false
    /// A UTF-8 byte-order mark at the very start is skipped (RFC 4180 files from Excel have one).
    private var atStart = true
    /// Bytes read so far, and the file's size when it is a regular file (for the progress's ETA).
    private var read = 0
    private let size: Int?

    init(descriptor: Int32) {
        self.descriptor = descriptor
        var status = stat()
        size = fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG ? Int(status.st_size) : nil
    }

    /// The share of the file read so far, when its size is known (not a pipe).
    var fraction: Double? {
        guard let size, size > 0 else { return nil }
        return min(1, Double(read) / Double(size))
    }

    /// The next byte, or nil at the end of the file.
    mutating func next() throws(ImportFileProblem) -> UInt8? {
        if position == count {
            guard !finished else { return nil }
            try refill()
            guard count > 0 else { return nil }
        }
        defer { position += 1 }
        return buffer[position]
    }

    private mutating func refill() throws(ImportFileProblem) {
        position = 0
        count = 0
        while true {
            let read = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if read < 0 && errno == EINTR { continue }
            guard read >= 0 else {
                throw ImportFileProblem(
                    line: 0, message: "The file cannot be read: \(String(cString: strerror(errno))).")
            }
            count = read
            self.read += read
            finished = read == 0
            break
        }
        if atStart {
            atStart = false
            if count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF { position = 3 }
        }
    }
}
