import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// The Clients scene: adding, listing, showing, removing and rotating OpenID Connect clients as the
/// operator and as a signed-in administrator, on both engines.
@Suite(.onEveryEngine, .tags(.postgres)) struct ClientsInteractorTests {
    let time = ManualTime()
    let workers: LatchkeyWorkers
    let spy = ClientsPresentationLogicSpy()
    let root = AuthEvent.Operator(osUser: "root")

    init() throws {
        workers = try Seeds.workers(time: time)
    }

    private var interactor: ClientsInteractor { ClientsInteractor(presenter: spy, workers: workers) }

    private func add(
        _ name: String, redirect: [String] = ["https://app.example.com/cb"], scopes: [String] = [],
        isPublic: Bool = false, as authority: Admin.Authority? = nil
    ) -> Clients.Add.Response? {
        interactor.add(
            request: .init(
                name: name, redirectURIs: redirect, postLogoutRedirectURIs: ["https://app.example.com/bye"],
                scopes: scopes, isPublic: isPublic, authority: authority ?? .operator(root)))
        return spy.responses.last
    }

    private func added(_ name: String, isPublic: Bool = false) throws -> (StoredOIDCClient, OIDCClientSecret?) {
        guard case .added(let client, let secret) = add(name, isPublic: isPublic) else {
            throw ClientsTestFailure(response: String(describing: spy.responses.last))
        }
        return (client, secret)
    }

    private func verify(_ clientID: String, _ secret: String) throws -> StoredOIDCClient? {
        try workers.database.read { db in
            try workers.oidcClients.verifySecret(clientID: clientID, secret: secret, in: db)
        }
    }

    private func events(_ kind: String) throws -> [(osUser: String?, detail: String?, actor: Int64?)] {
        try workers.database.read { db in
            try db.query("SELECT os_user, detail, actor_user_id FROM auth_events WHERE kind = ? ORDER BY id", [kind]) {
                row in
                (
                    try row.optionalString("os_user"), try row.optionalString("detail"),
                    try row.optionalInt64("actor_user_id")
                )
            }
        }
    }

    @Test("A confidential client is stored with its URIs and scopes as given, and only its secret's SHA-256")
    func addStoresTheHashOnly() throws {
        let (client, secret) = try added("Wiki")
        let text = try #require(secret?.secret)
        #expect(text.hasPrefix("lks_") && text.utf8.count == 4 + 43)
        #expect(client.clientID.hasPrefix("lkc_") && client.clientID.utf8.count == 26)
        #expect(client.redirectURIs == ["https://app.example.com/cb"])
        #expect(client.postLogoutRedirectURIs == ["https://app.example.com/bye"])
        #expect(client.scopes == [.openid])
        #expect(!client.isPublic && !client.isFirstParty && client.createdBy == nil)
        let row = try workers.database.read { db in
            try db.queryFirst("SELECT secret_hash, created_by FROM oidc_clients") {
                (try $0.optionalBytes("secret_hash"), try $0.optionalInt64("created_by"))
            }
        }
        #expect(row?.0 == SHA256Digest.hash(Array(text.utf8)))
        #expect(row?.1 == nil)
        // No column of any client row holds the secret, or its base64url part.
        let everything = try workers.database.read { db in
            try db.query("SELECT client_id, name, scopes FROM oidc_clients") {
                [try $0.string("client_id"), try $0.string("name"), try $0.string("scopes")].joined()
            } + db.query("SELECT uri FROM oidc_client_uris") { try $0.string("uri") }
        }.joined()
        #expect(!everything.contains(String(text.dropFirst(4))))
        #expect(try events("oidc_client_added").map(\.osUser) == ["root"])
        #expect(try events("oidc_client_added").map(\.detail) == ["\(client.clientID) Wiki"])
    }

    @Test("A public client gets no secret; its scopes are checked and openid is added")
    func publicClientHasNoSecret() throws {
        guard case .added(let client, let secret) = add("SPA", scopes: ["email", "roles"], isPublic: true) else {
            Issue.record("not added: \(String(describing: spy.responses.last))")
            return
        }
        #expect(secret == nil && client.isPublic)
        #expect(client.scopes == [.openid, .email, .roles])
        #expect(add("Other", scopes: ["offline_access"]) == .rejected(.unknownScope("offline_access")))
    }

    @Test("Names are unique in any case, and must be one printable line of 1 to 64 characters")
    func namesAreUnique() throws {
        _ = try added("Wiki")
        #expect(add("wiki") == .rejected(.nameTaken("wiki")))
        #expect(add("WIKI ") == .rejected(.nameTaken("WIKI")))
        for bad in ["", "   ", String(repeating: "n", count: 65), "line\nbreak", "Wiki\u{202E}", "LKC_wiki"] {
            #expect(add(bad) == .rejected(.invalidName), "\(bad)")
        }
        let count = try workers.database.read { db in
            try db.queryFirst("SELECT count(*) AS n FROM oidc_clients") { try $0.int64("n") }
        }
        #expect(count == 1)
        #expect(try events("oidc_client_added").count == 1)
    }

    @Test("A bad redirect URI, none, or more than ten are refused before anything is stored; a repeat is kept once")
    func badURIsAreRefused() throws {
        #expect(add("A", redirect: []) == .rejected(.noRedirectURI))
        #expect(
            add("A", redirect: ["http://app.example.com/cb"])
                == .rejected(.invalidURI("http://app.example.com/cb", .insecureScheme)))
        #expect(
            add("A", redirect: ["https://app.example.com/cb", "javascript:alert(1)"])
                == .rejected(.invalidURI("javascript:alert(1)", .notAbsolute)))
        let eleven = (0...10).map { "https://app.example.com/\($0)" }
        #expect(add("A", redirect: eleven) == .rejected(.tooManyURIs))
        guard case .added(let client, _) = add("A", redirect: Array(eleven.prefix(9)) + [eleven[0]]) else {
            Issue.record("ten URIs, one a repeat, not added")
            return
        }
        #expect(client.redirectURIs == Array(eleven.prefix(9)))
        #expect(try events("oidc_client_added").count == 1)
    }

    @Test("List by name and show by client ID or name (any case); an unknown one is not found")
    func listAndShow() throws {
        let (wiki, _) = try added("wiki")
        let (app, _) = try added("App", isPublic: true)
        interactor.list(request: .init())
        #expect(spy.listed.last == .clients([app, wiki]))
        for reference in [wiki.clientID, "wiki", "WIKI"] {
            interactor.show(request: .init(client: reference))
            #expect(spy.shown.last == .client(wiki), "\(reference)")
        }
        interactor.show(request: .init(client: "lkc_nothing"))
        #expect(spy.shown.last == .rejected(.noSuchClient))
    }

    @Test("Rotating replaces the secret: the new one verifies, the old one no longer; audited")
    func rotateReplacesTheSecret() throws {
        let (client, old) = try added("wiki")
        let oldSecret = try #require(old?.secret)
        #expect(try verify(client.clientID, oldSecret)?.clientID == client.clientID)
        time.advance(by: .seconds(60))
        interactor.rotateSecret(request: .init(client: "wiki", authority: .operator(root)))
        guard case .rotated(let rotated, let secret) = spy.rotated.last else {
            Issue.record("not rotated: \(String(describing: spy.rotated.last))")
            return
        }
        #expect(secret.secret != oldSecret)
        #expect(rotated.secretRotatedAt == time.now())
        #expect(try verify(client.clientID, secret.secret)?.name == "wiki")
        #expect(try verify(client.clientID, oldSecret) == nil)
        #expect(try events("oidc_client_secret_rotated").map(\.detail) == ["\(client.clientID) wiki"])
    }

    @Test("verifySecret: the right secret only, never for a public or unknown client")
    func verifySecret() throws {
        let (client, secret) = try added("wiki")
        let text = try #require(secret?.secret)
        let (spa, _) = try added("spa", isPublic: true)
        #expect(try verify(client.clientID, text) != nil)
        #expect(try verify(client.clientID, text + "x") == nil)
        #expect(try verify(client.clientID, "") == nil)
        #expect(try verify(client.clientID, OIDCClientSecret.make().secret) == nil)
        #expect(try verify("wiki", text) == nil)
        #expect(try verify(spa.clientID, "") == nil)
        #expect(try verify(spa.clientID, text) == nil)
        #expect(try verify("lkc_unknown", text) == nil)
        interactor.rotateSecret(request: .init(client: spa.clientID, authority: .operator(root)))
        #expect(spy.rotated.last == .rejected(.publicClient))
        #expect(try events("oidc_client_secret_rotated").isEmpty)
    }

    @Test("Removing deletes the client and its URIs, audited; an unknown client is not found")
    func removeDeletes() throws {
        let (client, secret) = try added("wiki")
        interactor.remove(request: .init(client: client.clientID, authority: .operator(root)))
        #expect(spy.removed.last == .removed(client))
        #expect(try verify(client.clientID, try #require(secret?.secret)) == nil)
        let left = try workers.database.read { db in
            try db.queryFirst("SELECT count(*) AS n FROM oidc_client_uris") { try $0.int64("n") }
        }
        #expect(left == 0)
        for reference in [client.clientID, "wiki", "nothing", ""] {
            interactor.remove(request: .init(client: reference, authority: .operator(root)))
            #expect(spy.removed.last == .rejected(.noSuchClient), "\(reference)")
        }
        #expect(try events("oidc_client_removed").map(\.detail) == ["\(client.clientID) wiki"])
    }

    @Test("A signed-in user without the admin role is refused everything, and changes nothing")
    func nonAdministratorIsRefused() throws {
        try Seeds.register(Seeds.bob, with: workers)
        let token = try Seeds.login("bob", "a long enough password for him", with: workers)
        let (client, _) = try added("wiki")
        let bob = Admin.Authority.signedIn(.session(token))
        #expect(add("other", as: bob) == .refused(.forbidden))
        interactor.list(request: .init(credential: .session(token)))
        #expect(spy.listed.last == .refused(.forbidden))
        interactor.show(request: .init(client: "wiki", credential: .session(token)))
        #expect(spy.shown.last == .refused(.forbidden))
        interactor.remove(request: .init(client: "wiki", authority: bob))
        #expect(spy.removed.last == .refused(.forbidden))
        interactor.rotateSecret(request: .init(client: "nothing", authority: bob))
        #expect(spy.rotated.last == .refused(.forbidden))
        interactor.list(request: .init())
        #expect(spy.listed.last == .clients([client]))
    }

    @Test("An administrator adds a client as its creator, audited with the administrator's account")
    func administratorAdds() throws {
        let bob = try Seeds.register(Seeds.bob, with: workers)
        AdminInteractor(presenter: AdminPresentationLogicSpy(), workers: workers).act(
            request: .init(username: "bob", action: .roles(add: [Admin.role], remove: []), actor: root))
        let token = try Seeds.login("bob", "a long enough password for him", with: workers)
        guard case .added(let client, _) = add("wiki", as: .signedIn(.session(token))) else {
            Issue.record("not added: \(String(describing: spy.responses.last))")
            return
        }
        #expect(client.createdBy == "bob")
        #expect(try events("oidc_client_added").map(\.actor) == [bob.id])
    }
}

/// A response other than the one a test needed.
struct ClientsTestFailure: Error {
    let response: String
}
