import Foundation
import LatchkeyTestSupport
import Testing

// On Linux `stat` is declared by several C modules (glibc's, CoreFoundation's, Dispatch's) and which
// one the compiler credits varies from build to build: importing them all keeps its members visible.
#if os(Linux)
    import CDispatch
    import CoreFoundation
    import Glibc
#endif

/// The `latchkey-server` process against slow and idle clients: a head or body that trickles in is
/// cut off at its deadline, idle connections are closed, and the connection cap never lets them
/// keep `/health` from answering. Real sockets against the real executable.
@Suite(.serialized, .tags(.binary)) struct ServerLimitsTests {
    /// A running server over a database in a fresh folder, with `arguments` added.
    final class Server {
        let folder: URL
        let port: Int
        let process: Spawned

        init(_ arguments: [String]) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-limits-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            port = try FreePort.find()
            process = try Spawned(
                ServerProcessTests.binary,
                ["--listen", "127.0.0.1:\(port)", "--database", folder.appendingPathComponent("db.sqlite3").path]
                    + arguments)
            try FreePort.waitUntilListening(port)
        }

        deinit {
            _ = process.stop(SIGTERM)
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// Seconds until the server closes `fd` (recv answers 0 or an error other than a time-out),
    /// sending one byte of `trickle` every 200 ms meanwhile; nil if still open after `limit` s.
    private static func secondsUntilClosed(_ fd: Int32, trickle: [UInt8] = [], limit: Double = 8) -> Double? {
        var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let start = Date()
        var next = 0
        var byte = [UInt8](repeating: 0, count: 1_024)
        while Date().timeIntervalSince(start) < limit {
            if next < trickle.count {
                let sent = trickle[next...next].withUnsafeBytes { send(fd, $0.baseAddress, 1, Int32(MSG_NOSIGNAL)) }
                if sent < 0 { return Date().timeIntervalSince(start) }
                next += 1
            }
            let count = byte.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
                return Date().timeIntervalSince(start)
            }
        }
        return nil
    }

    private static let slowHead = Array(
        "GET /health HTTP/1.1\r\nHost: localhost\r\nX-Slow: \(String(repeating: "a", count: 60))\r\n\r\n".utf8)

    @Test func aHeadTrickledByteByByteIsCutOffAtTheHeaderDeadline() throws {
        let server = try Server(["--header-timeout", "1", "--idle-timeout", "30"])
        let fd = try #require(FreePort.connectLocal(server.port))
        defer { close(fd) }
        let closed = Self.secondsUntilClosed(fd, trickle: Self.slowHead)
        let seconds = try #require(closed, "the server still held a trickling connection after 8 s")
        #expect(seconds < 4)
    }

    @Test func aBodyThatStopsArrivingIsCutOffAtTheBodyDeadline() throws {
        let server = try Server(["--body-timeout", "1", "--idle-timeout", "30"])
        let fd = try #require(FreePort.connectLocal(server.port))
        defer { close(fd) }
        let head = Array(
            "POST /v1/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"
                .utf8)
        #expect(head.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == head.count)
        let seconds = try #require(Self.secondsUntilClosed(fd), "the server still waited for the body after 8 s")
        #expect(seconds < 4)
    }

    @Test func idleConnectionsAreClosedAndNeverKeepHealthFromAnswering() throws {
        let server = try Server(["--idle-timeout", "1", "--max-connections", "4"])
        let idle = (0..<6).compactMap { _ in FreePort.connectLocal(server.port) }
        defer { idle.forEach { close($0) } }
        // Four hold the cap; two more wait in the backlog. All are closed at the idle deadline, and
        // then a real request gets in.
        let started = Date()
        let health = try curl(server.port, "/health", maxTime: 10)
        #expect(health == 200)
        #expect(Date().timeIntervalSince(started) < 6)
        #expect(Self.secondsUntilClosed(idle[0], limit: 4) != nil)
    }

    @Test func registrationIsClosedUnlessTheOperatorOpensIt() throws {
        let closed = try Server([])
        let body = #"{"username": "mallory", "password": "correct horse battery staple"}"#
        #expect(try curl(closed.port, "/v1/register", post: body) == 403)
        let invite = try Server(["--registration", "invite"])
        #expect(try curl(invite.port, "/v1/register", post: body) == 403)
        let open = try Server(["--registration", "open"])
        #expect(try curl(open.port, "/v1/register", post: body) == 201)
    }

    /// A bad value is refused as the configuration, whichever source it comes from: 78, naming the flag.
    @Test func badLimitFlagsAreRefusedWithExit78NamingTheFlag() throws {
        for arguments in [
            ["--header-timeout", "0"], ["--idle-timeout", "99999"], ["--max-connections", "0"],
            ["--forwarded-header", "x-real-ip"], ["--registration", "maybe"],
        ] {
            let exit = try SpawnedProcess(
                ServerProcessTests.binary, ["--database", "/tmp/unused.sqlite3"] + arguments
            ).wait(timeout: .seconds(30))
            #expect(exit.status == 78, "\(arguments)")
            #expect(exit.errors.contains("configuration refused: \(arguments[0]): server."), "\(exit.errors)")
        }
    }

    /// The status of GET `path` (or of a JSON POST), within `maxTime` seconds.
    private func curl(_ port: Int, _ path: String, post: String? = nil, maxTime: Int = 10) throws -> Int {
        let text = try CommandOutput.of(
            "/usr/bin/curl",
            [
                "-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", String(maxTime),
                "http://127.0.0.1:\(port)\(path)",
            ] + (post.map { ["-H", "Content-Type: application/json", "--data-binary", $0] } ?? [])
        ).text
        return Int(text) ?? 0
    }
}
