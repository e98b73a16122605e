/// The scopes an OpenID Connect client may ask for: `openid` (always granted: the provider serves
/// OpenID Connect only), `profile`, `email` and `roles`.
package enum OIDCScope: String, Sendable, Hashable, CaseIterable, Comparable {
    case openid, profile, email, roles

    /// The scopes `names` list (any case, repeats allowed) with `openid` added, in the order of
    /// `allCases`; throws the first unknown name.
    package static func parse(_ names: [String]) throws(UnknownScope) -> [OIDCScope] {
        var scopes: Set<OIDCScope> = [.openid]
        for name in names {
            guard let scope = OIDCScope(rawValue: name.lowercased()) else { throw UnknownScope(name: name) }
            scopes.insert(scope)
        }
        return scopes.sorted()
    }

    /// The stored form: OAuth's space-separated list (RFC 6749, 3.3).
    package static func text(_ scopes: [OIDCScope]) -> String { scopes.map(\.rawValue).joined(separator: " ") }

    /// The scopes of a stored list; names this build does not know are left out.
    package static func scopes(_ text: String) -> [OIDCScope] {
        text.split(separator: " ").compactMap { OIDCScope(rawValue: String($0)) }.sorted()
    }

    package static func < (lhs: OIDCScope, rhs: OIDCScope) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// A scope name that is none of the known ones.
    package struct UnknownScope: Error, Sendable, Hashable {
        package let name: String
    }
}
