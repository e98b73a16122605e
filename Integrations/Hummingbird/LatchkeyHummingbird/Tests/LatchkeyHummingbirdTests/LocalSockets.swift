import Foundation

// On Linux `stat` is declared by several C modules (glibc's, CoreFoundation's, Dispatch's) and which
// one the compiler credits varies from build to build: importing them all keeps its members visible.
#if os(Linux)
    import CDispatch
    import CoreFoundation
    import Glibc
#endif

/// A TCP port nobody listens on, and a wait for someone to.
enum FreePort {
    static func find() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw CocoaError(.fileWriteUnknown) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func waitUntilListening(_ port: Int) throws {
        guard isListening(port) else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "nothing started listening"])
        }
    }

    /// Whether something listens on `port` within `seconds`; false at once when `gaveUp` says the
    /// server it waits for has ended.
    static func isListening(_ port: Int, within seconds: Int = 5, gaveUp: () -> Bool = { false }) -> Bool {
        for _ in 0..<(seconds * 40) {
            if let fd = connectLocal(port) {
                close(fd)
                return true
            }
            if gaveUp() { return false }
            usleep(25_000)
        }
        return false
    }

    /// A socket connected to 127.0.0.1:`port`, or nil.
    static func connectLocal(_ port: Int) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        if connected { return fd }
        close(fd)
        return nil
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }
}

/// One HTTP/1.1 exchange written byte for byte, for requests no well-behaved client would send
/// (header values with control characters).
enum RawHTTP {
    /// Sends `head` (request line and headers, each line ended by CRLF; `Connection: close` is
    /// added) and `body`, and answers the status code and body.
    static func exchange(port: Int, _ head: [UInt8], body: [UInt8] = []) async throws -> (status: Int, body: String) {
        try await offThePool {
            guard let fd = FreePort.connectLocal(port) else { throw CocoaError(.fileReadUnknown) }
            defer { close(fd) }
            var timeout = timeval(tv_sec: 10, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let request = head + Array("Connection: close\r\n\r\n".utf8) + body
            guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, 0) }) == request.count else {
                throw CocoaError(.fileWriteUnknown)
            }
            var answer: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4_096)
            while true {
                let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if count <= 0 { break }
                answer += chunk[..<count]
            }
            let text = String(decoding: answer, as: UTF8.self)
            let status = text.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) } ?? 0
            let body = text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) } ?? ""
            return (status, body)
        }
    }
}
