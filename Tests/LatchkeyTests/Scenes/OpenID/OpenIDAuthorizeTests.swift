import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// The authorization endpoint's decisions, on both engines: sign in first, consent, prompt and
/// max_age, and where refusals go.
@Suite(.onEveryEngine, .tags(.postgres)) struct OpenIDAuthorizeTests {
    let provider: ProviderHarness

    init() throws {
        provider = try ProviderHarness()
    }

    @Test("Without a session the browser signs in and comes back; prompt=none answers login_required")
    func signInFirst() async throws {
        let app = try provider.client("App")
        let parameters = ProviderHarness.parameters(app, challenge: ProviderHarness.pkce().challenge)
        let outcome = await provider.service.authorize(parameters: parameters, sessionToken: nil)
        guard case .signIn(let next) = outcome else { throw ProviderHarness.HarnessFailure(what: "\(outcome)") }
        #expect(next.hasPrefix("/oauth2/authorize?response_type=code&client_id=\(app.id)&"))
        let none = await provider.service.authorize(
            parameters: parameters + [QueryParameter("prompt", "none")], sessionToken: nil)
        guard case .redirect(let location) = none else { throw ProviderHarness.HarnessFailure(what: "\(none)") }
        let query = ProviderHarness.query(location)
        #expect(location.hasPrefix(ProviderHarness.redirect + "?"))
        #expect(query["error"] == "login_required" && query["state"] == "s-1")
        #expect(query["iss"] == ProviderHarness.issuer)
    }

    @Test("A signed-in person is sent back with a code, the state and the issuer")
    func codeForSignedIn() async throws {
        let app = try provider.client("App")
        let session = try await provider.service.signedIn("alice")
        let outcome = await provider.service.authorize(
            parameters: ProviderHarness.parameters(app, challenge: ProviderHarness.pkce().challenge),
            sessionToken: session)
        guard case .redirect(let location) = outcome else { throw ProviderHarness.HarnessFailure(what: "\(outcome)") }
        let query = ProviderHarness.query(location)
        #expect(query["code"]?.hasPrefix("lkoc_") == true && query["state"] == "s-1")
        #expect(query["iss"] == ProviderHarness.issuer)
    }

    @Test("prompt=login and a max_age older than the sign-in send the person to sign in again, once")
    func signInAgain() async throws {
        let app = try provider.client("App")
        let session = try await provider.service.signedIn("alice")
        let challenge = ProviderHarness.pkce().challenge
        let login = await provider.service.authorize(
            parameters: ProviderHarness.parameters(app, challenge: challenge, extra: [("prompt", "login")]),
            sessionToken: session)
        guard case .signIn(let next) = login else { throw ProviderHarness.HarnessFailure(what: "\(login)") }
        // Coming back, the request no longer asks for a new sign-in: no loop.
        #expect(!next.contains("prompt"))
        provider.time.advance(by: .seconds(120))
        let old = await provider.service.authorize(
            parameters: ProviderHarness.parameters(app, challenge: challenge, extra: [("max_age", "60")]),
            sessionToken: session)
        guard case .signIn(let again) = old else { throw ProviderHarness.HarnessFailure(what: "\(old)") }
        #expect(!again.contains("max_age"))
        // max_age=0 asks for a new sign-in even within the second of the last one.
        let zero = await provider.service.authorize(
            parameters: ProviderHarness.parameters(app, challenge: challenge, extra: [("max_age", "0")]),
            sessionToken: try await provider.service.signedIn("bob"))
        guard case .signIn = zero else { throw ProviderHarness.HarnessFailure(what: "\(zero)") }
        let fresh = await provider.service.authorize(
            parameters: ProviderHarness.parameters(app, challenge: challenge, extra: [("max_age", "600")]),
            sessionToken: session)
        guard case .redirect = fresh else { throw ProviderHarness.HarnessFailure(what: "\(fresh)") }
    }

    @Test("A client that is not first-party asks for consent; a refusal goes back as access_denied")
    func consent() async throws {
        let wiki = try provider.client("Wiki", firstParty: false, scopes: ["email"])
        let session = try await provider.service.signedIn("alice")
        var parameters = ProviderHarness.parameters(wiki, challenge: ProviderHarness.pkce().challenge)
        parameters = parameters.map { $0.name == "scope" ? QueryParameter("scope", "openid email") : $0 }
        let asked = await provider.service.authorize(parameters: parameters, sessionToken: session)
        guard case .consent(let prompt) = asked else { throw ProviderHarness.HarnessFailure(what: "\(asked)") }
        #expect(prompt.clientName == "Wiki" && prompt.username == "alice")
        #expect(prompt.scopes.count == 2 && prompt.parameters == parameters)
        let denied = await provider.service.authorize(parameters: parameters, sessionToken: session, decision: .deny)
        guard case .redirect(let location) = denied else { throw ProviderHarness.HarnessFailure(what: "\(denied)") }
        #expect(ProviderHarness.query(location)["error"] == "access_denied")
        let none = await provider.service.authorize(
            parameters: parameters + [QueryParameter("prompt", "none")], sessionToken: session)
        guard case .redirect(let refused) = none else { throw ProviderHarness.HarnessFailure(what: "\(none)") }
        #expect(ProviderHarness.query(refused)["error"] == "consent_required")
        // The consent form's answer still needs the session: without it, sign in first.
        let anonymous = await provider.service.authorize(parameters: parameters, sessionToken: nil, decision: .allow)
        guard case .signIn = anonymous else { throw ProviderHarness.HarnessFailure(what: "\(anonymous)") }
        let allowed = await provider.service.authorize(parameters: parameters, sessionToken: session, decision: .allow)
        guard case .redirect(let granted) = allowed else { throw ProviderHarness.HarnessFailure(what: "\(allowed)") }
        #expect(ProviderHarness.query(granted)["code"] != nil)
    }

    @Test("An unknown client or a redirect URI it did not register is refused on the page, never redirected")
    func refusedOnPage() async throws {
        let app = try provider.client("App")
        let session = try await provider.service.signedIn("alice")
        for (name, value) in [("client_id", "lkc_unknown"), ("redirect_uri", "https://app.example.com/cb/")] {
            let parameters = ProviderHarness.parameters(app, challenge: ProviderHarness.pkce().challenge).map {
                $0.name == name ? QueryParameter(name, value) : $0
            }
            let outcome = await provider.service.authorize(parameters: parameters, sessionToken: session)
            guard case .refused = outcome else { throw ProviderHarness.HarnessFailure(what: "\(outcome)") }
        }
    }

    @Test("With no issuer the provider is off")
    func off() async throws {
        let service = LatchkeyService(workers: try Seeds.workers())
        let outcome = await service.authorize(parameters: [], sessionToken: nil)
        guard case .failed(let error) = outcome else { throw ProviderHarness.HarnessFailure(what: "\(outcome)") }
        #expect(error.code == .notFound)
        #expect(service.providerMetadata == nil)
    }

    @Test("The longest state and nonce, percent-encoded, still come back after the sign-in; longer is refused")
    func longRequests() async throws {
        let app = try provider.client("App")
        let challenge = ProviderHarness.pkce().challenge
        let state = String(repeating: "{ }", count: 170)
        let parameters = ProviderHarness.parameters(
            app, challenge: challenge, nonce: String(repeating: " ", count: 512)
        )
        .map { $0.name == "state" ? QueryParameter("state", state) : $0 }
        let outcome = await provider.service.authorize(
            parameters: parameters + [QueryParameter("login_hint", String(repeating: "%", count: 512))],
            sessionToken: nil)
        guard case .signIn(let next) = outcome else { throw ProviderHarness.HarnessFailure(what: "\(outcome)") }
        #expect(next.utf8.count > 4_000 && next.utf8.count <= AuthorizationOutcome.longestReturnPath)
        let session = try await provider.service.signedIn("alice")
        let back = await provider.service.authorize(parameters: parameters, sessionToken: session)
        guard case .redirect(let location) = back else { throw ProviderHarness.HarnessFailure(what: "\(back)") }
        #expect(ProviderHarness.query(location)["state"] == state)
    }
}
