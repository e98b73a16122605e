import HTTPTypes
import Hummingbird
import Latchkey
import NIOCore
import Testing

@testable import LatchkeyHummingbird

/// Who the client is: the one forwarded header the operator names counts, only from trusted
/// proxies, read right to left past them (a client cannot choose its address), and a hop that is
/// not an address is refused, never replaced by the proxy's own address.
@Suite struct ClientResolverTests {
    let trusted = [AddressRange("10.0.0.0/8")!, AddressRange("::1")!]

    private func client(
        from peer: String, _ fields: [(String, String)], header: ForwardedHeader = .xForwardedFor
    ) throws -> String? {
        var headers = HTTPFields()
        for (name, value) in fields { headers.append(HTTPField(name: HTTPField.Name(name)!, value: value)) }
        headers[.userAgent] = "test\u{7}agent"
        let request = Request(
            head: HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: "/", headerFields: headers),
            body: RequestBody(buffer: ByteBuffer()))
        let resolver = ClientResolver(trusted: trusted, header: header)
        return try resolver.client(request, peer: try SocketAddress(ipAddress: peer, port: 4000))?.address
    }

    private func refused(from peer: String, _ fields: [(String, String)], header: ForwardedHeader = .xForwardedFor)
        -> LatchkeyError.Code?
    {
        do {
            _ = try client(from: peer, fields, header: header)
            return nil
        } catch let error as LatchkeyError {
            return error.code
        } catch {
            return .internalError
        }
    }

    @Test func anUntrustedPeerIsTheClientWhateverItForwards() throws {
        #expect(try client(from: "203.0.113.9", [("X-Forwarded-For", "198.51.100.1")]) == "203.0.113.9")
        #expect(try client(from: "203.0.113.9", [("Forwarded", "for=198.51.100.1")]) == "203.0.113.9")
        #expect(try client(from: "203.0.113.9", [("X-Forwarded-For", "unknown")]) == "203.0.113.9")
    }

    @Test func aTrustedProxyNamesTheRightMostHopThatIsNotItselfAProxy() throws {
        #expect(
            try client(from: "10.0.0.2", [("X-Forwarded-For", "1.2.3.4, 198.51.100.7, 10.0.0.5")]) == "198.51.100.7")
        #expect(
            try client(from: "::1", [("Forwarded", #"for="[2001:db8::7]:443";proto=https"#)], header: .forwarded)
                == "2001:db8::7")
        #expect(
            try client(from: "10.0.0.2", [("Forwarded", "for=192.0.2.60:8080, for=10.0.0.9")], header: .forwarded)
                == "192.0.2.60")
        // Several field lines are one list, in order.
        #expect(
            try client(
                from: "10.0.0.2", [("X-Forwarded-For", "192.0.2.1"), ("X-Forwarded-For", "192.0.2.2, 10.0.0.3")])
                == "192.0.2.2")
    }

    @Test func onlyTheHeaderTheOperatorNamesIsBelievedTheOtherNeverWins() throws {
        // The proxy overwrote X-Forwarded-For with the real peer; the client added Forwarded itself.
        let fields = [("Forwarded", "for=203.0.113.9"), ("X-Forwarded-For", "198.51.100.4")]
        #expect(try client(from: "10.0.0.2", fields) == "198.51.100.4")
        #expect(try client(from: "10.0.0.2", [("Forwarded", "for=203.0.113.9")]) == "10.0.0.2")
        // And the other way round, for a proxy that writes Forwarded.
        let other = [("X-Forwarded-For", "203.0.113.9"), ("Forwarded", "for=198.51.100.4")]
        #expect(try client(from: "10.0.0.2", other, header: .forwarded) == "198.51.100.4")
        #expect(try client(from: "10.0.0.2", [("X-Forwarded-For", "203.0.113.9")], header: .forwarded) == "10.0.0.2")
    }

    @Test func portsAndBracketsAreStrippedFromAHop() throws {
        #expect(try client(from: "10.0.0.2", [("X-Forwarded-For", "1.2.3.4:80")]) == "1.2.3.4")
        #expect(try client(from: "10.0.0.2", [("X-Forwarded-For", "[2001:db8::1]:443")]) == "2001:db8::1")
        #expect(try client(from: "10.0.0.2", [("X-Forwarded-For", "[2001:db8::1]")]) == "2001:db8::1")
        #expect(try client(from: "10.0.0.2", [("X-Forwarded-For", "2001:db8::1")]) == "2001:db8::1")
        #expect(try client(from: "10.0.0.2", [("Forwarded", #"for="1.2.3.4:80""#)], header: .forwarded) == "1.2.3.4")
    }

    @Test func aHopThatIsNotAnAddressIsRefusedNeverTheProxysAddress() {
        for hop in ["unknown", "_hidden", "not-an-ip", "<script>", "1.2.3.4:http", "[2001:db8::1", "1.2.3.4:99999", ""]
        {
            #expect(refused(from: "10.0.0.2", [("X-Forwarded-For", hop)]) == .invalidInput, "\(hop)")
            #expect(refused(from: "10.0.0.2", [("X-Forwarded-For", "\(hop), 10.0.0.3")]) == .invalidInput, "\(hop)")
        }
        for value in ["for=unknown", "for=_hidden", #"for="[2001:db8::1"#] {
            #expect(refused(from: "10.0.0.2", [("Forwarded", value)], header: .forwarded) == .invalidInput, "\(value)")
        }
        // A bad hop left of the client is never read: the client is found first.
        #expect(refused(from: "10.0.0.2", [("X-Forwarded-For", "garbage, 198.51.100.7")]) == nil)
    }

    @Test func aTrustedPeerWithoutTheHeaderIsItself() throws {
        #expect(try client(from: "10.0.0.2", []) == "10.0.0.2")
    }
}
