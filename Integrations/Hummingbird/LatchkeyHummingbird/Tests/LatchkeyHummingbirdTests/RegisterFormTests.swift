import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LatchkeyHummingbird
import NIOCore
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// The sign-in page's register form and `POST /register`: shown where registration is open or by
/// invitation, with the invitation code under `invite`, refusing as the JSON route does.
@Suite(.onEveryEngine, .tags(.postgres)) struct RegisterFormTests {
    private static func server(_ registration: LatchkeyHTTPOptions.Registration) throws -> TestServer {
        try TestServer(options: LatchkeyHTTPOptions(registration: registration))
    }

    private func post(_ client: any TestClientProtocol, _ form: String, crossSite: Bool = false) async throws
        -> TestResponse
    {
        var headers = HTTPFields()
        headers[.contentType] = "application/x-www-form-urlencoded"
        if crossSite { headers[HTTPField.Name("Sec-Fetch-Site")!] = "cross-site" }
        return try await client.execute(
            uri: "/register", method: .post, headers: headers, body: ByteBuffer(string: form))
    }

    private func form(_ name: String, invitation: String? = nil) -> String {
        let code = invitation.map {
            "&invitation=" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        }
        return "username=\(name)&password=correct+horse+battery+staple&next=%2Fapp%2Fhello" + (code ?? "")
    }

    @Test("the invitation code field is on the page under invite only; closed shows no register form")
    func theFieldFollowsTheRegistrationMode() async throws {
        for (registration, form, code) in [
            (LatchkeyHTTPOptions.Registration.invite, true, true), (.open, true, false), (.closed, false, false),
        ] {
            try await Self.server(registration).test { client in
                let html = String(buffer: try await client.get("/login").body)
                #expect(html.contains(#"<form method="post" action="/register">"#) == form, "\(registration)")
                #expect(html.contains("Invitation code") == code, "\(registration)")
                #expect(html.contains(#"name="invitation""#) == code, "\(registration)")
            }
        }
    }

    @Test("the form with a valid code creates the account with the invitation's roles")
    func aValidCodeCreatesTheAccountWithItsRoles() async throws {
        let server = try Self.server(.invite)
        let code = try Operator.invite(roles: ["editor", "viewer"], in: server.workers)
        try await server.test { client in
            let created = try await post(client, form("ann", invitation: code))
            #expect(created.status == .created)
            let html = String(buffer: created.body)
            #expect(html.contains("Account ann created: sign in."))
            #expect(!html.contains(code))
            let login = try await client.post(
                "/v1/login", #"{"username": "ann", "password": "\#(TestServer.password)"}"#)
            let token = try #require(try object(login)["token"] as? String)
            let me = try object(try await client.get("/v1/me", token: token))
            #expect(me["roles"] as? [String] == ["editor", "viewer"])
        }
    }

    @Test("a wrong, used or missing code shows the JSON route's one-line error, and creates nothing")
    func badCodesShowTheJSONRoutesError() async throws {
        let server = try Self.server(.invite)
        let code = try Operator.invite(in: server.workers)
        try await server.test { client in
            #expect(try await post(client, form("ann", invitation: code)).status == .created)
            for invitation in [code, "lki_" + String(repeating: "A", count: 36), "", nil] {
                let page = try await post(client, form("bob", invitation: invitation))
                let json = try await client.post(
                    "/v1/register",
                    #"{"username": "bob", "password": "\#(TestServer.password)""#
                        + (invitation.map { #", "invitation": "\#($0)"}"# } ?? "}"))
                #expect(page.status == .forbidden)
                #expect(json.status == .forbidden)
                let message = try #require((try object(json)["error"] as? [String: Any])?["message"] as? String)
                let html = String(buffer: page.body)
                #expect(html.contains(#"<p role="alert" class="error">\#(message)</p>"#), "\(message)")
                #expect(html.contains(#"name="invitation""#))
            }
            let users = try server.workers.database.read { db in
                try db.query("SELECT username FROM users") { try $0.string("username") }
            }
            #expect(users == ["ann"])
        }
    }

    @Test("the form is refused cross-site, and under closed registration, creating nothing")
    func crossSiteAndClosedAreRefused() async throws {
        let invite = try Self.server(.invite)
        let code = try Operator.invite(in: invite.workers)
        try await invite.test { client in
            let refused = try await post(client, form("ann", invitation: code), crossSite: true)
            #expect(refused.status == .forbidden)
        }
        let closed = try Self.server(.closed)
        try await closed.test { client in
            let page = try await post(client, form("ann"))
            #expect(page.status == .forbidden)
            #expect(String(buffer: page.body).contains("Registration is closed: an operator creates accounts here."))
        }
        for server in [invite, closed] {
            let users = try server.workers.database.read { db in
                try db.queryFirst("SELECT count(*) AS n FROM users") { try $0.int64("n") }
            }
            #expect(users == 0)
        }
    }
}
