import HTTPTypes
import Hummingbird
import Latchkey
import NIOCore
import Testing

@testable import LatchkeyHummingbird

/// Who the client is: forwarded headers count only from trusted proxies, and the right-most hop
/// that is not a trusted proxy is the client (a client cannot choose its address).
@Suite struct ClientResolverTests {
    let resolver = ClientResolver(trusted: [AddressRange("10.0.0.0/8")!, AddressRange("::1")!])

    private func client(from peer: String, _ fields: [(String, String)]) throws -> String? {
        var headers = HTTPFields()
        for (name, value) in fields { headers.append(HTTPField(name: HTTPField.Name(name)!, value: value)) }
        headers[.userAgent] = "test\u{7}agent"
        let request = Request(
            head: HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: "/", headerFields: headers),
            body: RequestBody(buffer: ByteBuffer()))
        return resolver.client(request, peer: try SocketAddress(ipAddress: peer, port: 4000))?.address
    }

    @Test func anUntrustedPeerIsTheClientWhateverItForwards() throws {
        #expect(try client(from: "203.0.113.9", [("X-Forwarded-For", "198.51.100.1")]) == "203.0.113.9")
        #expect(try client(from: "203.0.113.9", [("Forwarded", "for=198.51.100.1")]) == "203.0.113.9")
    }

    @Test func aTrustedProxyNamesTheRightMostHopThatIsNotItselfAProxy() throws {
        #expect(
            try client(from: "10.0.0.2", [("X-Forwarded-For", "1.2.3.4, 198.51.100.7, 10.0.0.5")]) == "198.51.100.7")
        #expect(try client(from: "::1", [("Forwarded", #"for="[2001:db8::7]:443";proto=https"#)]) == "2001:db8::7")
        #expect(try client(from: "10.0.0.2", [("Forwarded", "for=192.0.2.60:8080, for=10.0.0.9")]) == "192.0.2.60")
    }

    @Test func garbageInTheHeaderLeavesTheLastGoodAddress() throws {
        #expect(try client(from: "10.0.0.2", [("X-Forwarded-For", "<script>, 10.0.0.3")]) == "10.0.0.3")
        #expect(try client(from: "10.0.0.2", [("X-Forwarded-For", "not-an-ip")]) == "10.0.0.2")
        #expect(try client(from: "10.0.0.2", []) == "10.0.0.2")
    }
}
