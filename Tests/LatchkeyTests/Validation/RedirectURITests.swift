import Testing

@testable import Latchkey

/// The one check of a client's redirect URIs (RFC 8252 for loopback http), and of its scopes.
@Suite struct RedirectURITests {
    @Test(
        "An absolute https URI, or http to a loopback host, is kept exactly as given",
        arguments: [
            "https://app.example.com/callback", "https://app.example.com:8443/cb?tenant=a&x=%20y",
            "HTTPS://App.Example.com/Callback", "https://[2001:db8::1]/cb", "http://127.0.0.1/callback",
            "http://127.0.0.1:8765/callback", "http://[::1]:8765/cb", "http://localhost:3000/auth",
            "http://LOCALHOST/auth", "https://app.example.com",
        ])
    func acceptsSecureAndLoopback(_ text: String) throws {
        #expect(try RedirectURI(text).value == text)
    }

    @Test(
        "A URI that is not absolute https (or loopback http), or has a fragment, user info or wildcard, is refused",
        arguments: [
            ("http://app.example.com/callback", RedirectURI.Problem.insecureScheme),
            ("http://127.0.0.2/callback", .insecureScheme),
            ("http://localhost.example.com/cb", .insecureScheme),
            ("http://[::2]/cb", .insecureScheme),
            ("ftp://files.example.com/cb", .insecureScheme),
            ("https://app.example.com/callback#frag", .fragment),
            ("https://app.example.com/callback#", .fragment),
            ("https://user:pass@app.example.com/cb", .userInfo),
            ("https://evil.example@app.example.com/cb", .userInfo),
            ("http://user@127.0.0.1/cb", .userInfo),
            ("/callback", .notAbsolute),
            ("callback", .notAbsolute),
            ("//app.example.com/callback", .notAbsolute),
            ("javascript:alert(1)", .notAbsolute),
            ("data:text/html,hi", .notAbsolute),
            ("https://*.example.com/callback", .wildcard),
            ("https://app.example.com/*", .wildcard),
            ("https://app.example.com/call back", .notPrintableASCII),
            ("https://app.example.com/\u{202E}kcab", .notPrintableASCII),
            ("https://app.exämple.com/cb", .notPrintableASCII),
            ("https://app.example.com/\ncb", .notPrintableASCII),
            ("", .empty),
            ("https:///callback", .malformed),
            ("https://app.example.com:99999/cb", .malformed),
            ("https://app.example.com:port/cb", .malformed),
            ("https://[::1/cb", .malformed),
        ])
    func refuses(_ text: String, _ problem: RedirectURI.Problem) {
        #expect(throws: problem) { try RedirectURI(text) }
    }

    @Test("A URI longer than 2000 bytes is refused; one of exactly 2000 is kept")
    func boundsTheLength() throws {
        let base = "https://app.example.com/"
        let longest = base + String(repeating: "a", count: 2000 - base.utf8.count)
        #expect(try RedirectURI(longest).value == longest)
        #expect(throws: RedirectURI.Problem.tooLong) { try RedirectURI(longest + "a") }
    }

    @Test("Scopes are openid, profile, email and roles; openid is always added, in one order, once each")
    func scopes() throws {
        #expect(try OIDCScope.parse([]) == [.openid])
        #expect(try OIDCScope.parse(["roles", "EMAIL", "email", "openid"]) == [.openid, .email, .roles])
        #expect(OIDCScope.text(try OIDCScope.parse(["profile", "roles"])) == "openid profile roles")
        #expect(OIDCScope.scopes("openid email future") == [.openid, .email])
        #expect(throws: OIDCScope.UnknownScope(name: "offline_access")) {
            try OIDCScope.parse(["email", "offline_access"])
        }
    }
}
