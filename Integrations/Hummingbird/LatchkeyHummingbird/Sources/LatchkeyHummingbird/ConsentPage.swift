import Foundation
import Hummingbird
import Latchkey

/// The provider's two pages of its own: the consent page (which client, which user, what it may
/// see; Allow or Deny) and the logout confirmation. Each posts its parameters back to its endpoint;
/// the endpoint checks everything again. Their policy lets the form be redirected to the client's
/// origin, where the answer goes.
enum ConsentPage {
    static func page(_ prompt: ConsentPrompt) -> Response {
        let items = prompt.scopes.map { "<li>\(escape($0))</li>" }.joined()
        let target = prompt.parameters.first { $0.name == "redirect_uri" }.flatMap {
            AuthorizationQuery.origin(of: $0.value)
        }
        let body = """
            <p><strong>\(escape(prompt.clientName))</strong> asks to sign you in as
            <strong>\(escape(prompt.username))</strong>. It will be able to see:</p>
            <ul>\(items)</ul>
            <form method="post" action="/oauth2/authorize">
            \(hidden(prompt.parameters.map { ($0.name, $0.value) }))
            <button type="submit" name="decision" value="allow" id="consent-allow">Allow</button>
            <button type="submit" name="decision" value="deny" id="consent-deny">Deny</button>
            </form>
            """
        return LoginPage<LatchkeyRequestContext>.document(
            title: "Allow \(prompt.clientName)?", message: nil, body: body, formTargets: target.map { [$0] } ?? [])
    }

    static func logout(_ parameters: [String: String]) -> Response {
        let target = parameters["post_logout_redirect_uri"].flatMap(AuthorizationQuery.origin(of:))
        let body = """
            <p>Sign out of Latchkey?</p>
            <form method="post" action="/oauth2/logout">
            \(hidden(parameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
            <button type="submit" name="confirm" value="yes" id="logout-confirm">Sign out</button>
            </form>
            """
        return LoginPage<LatchkeyRequestContext>.document(
            title: "Sign out", message: nil, body: body, formTargets: target.map { [$0] } ?? [])
    }

    private static func hidden(_ pairs: [(String, String)]) -> String {
        pairs.map { "<input type=\"hidden\" name=\"\(escape($0.0))\" value=\"\(escape($0.1))\">" }.joined(
            separator: "\n")
    }

    private static func escape(_ text: String) -> String { LoginPage<LatchkeyRequestContext>.escape(text) }
}
