package import Foundation
import JWTKit
import Synchronization

/// Checks the JWTs Latchkey issued when they come back (an access token at userinfo, introspection
/// and revocation; an ID token hint at logout): the signature by a published key of the algorithm
/// the key was made for (so `alg: none` and an HMAC keyed with a public key are refused by jwt-kit),
/// the `typ`, the issuer, and the times against Latchkey's clock. The keys are built once per
/// published set and kept; the set itself is kept for `keptFor`, so most calls read no keys.
package final class TokenVerifier: Sendable {
    private let cache = Mutex<(jwks: String, keys: JWTKeyCollection)?>(nil)
    private let keySet = Mutex<(set: KeptKeySet, at: Date)?>(nil)
    /// Access tokens whose signature, `typ` and issuer were checked, by their SHA-256, with the
    /// published set they were checked against: a token presented again (userinfo on every page of
    /// a relying party) skips the signature while that set is the one published. Times are
    /// checked on every use.
    private let verified = Mutex<[[UInt8]: (claims: AccessTokenClaims, jwks: String)]>([:])

    /// Verified access tokens kept at most; past it the expired go, or all of them.
    package static let mostVerifiedKept = 4_096

    /// How long a published set read is used before it is read again. A key published since is
    /// fetched at once (a token naming it misses the kept set); a retired key stays accepted up
    /// to this long past its retirement, which is scheduled a grace period ahead anyway.
    package static let keptFor: TimeInterval = 30

    /// A published key set as JSON, and whether it names a key ID.
    package struct KeptKeySet: Sendable {
        package let json: String

        package func names(_ kid: String) -> Bool { json.contains("\"kid\":\"\(kid)\"") }
    }

    /// The set kept from a read less than `keptFor` before `now`.
    package func keptKeySet(at now: Date) -> KeptKeySet? {
        keySet.withLock { kept in
            guard let kept, now >= kept.at, now.timeIntervalSince(kept.at) < Self.keptFor else { return nil }
            return kept.set
        }
    }

    /// Keeps `json`, the published set read at `now`.
    package func keep(_ json: String, at now: Date) {
        keySet.withLock { $0 = (KeptKeySet(json: json), now) }
    }

    /// The `kid` of a compact JWS's header.
    package static func keyID(of token: String) -> String? { header(of: token)?["kid"] as? String }

    package init() {}

    /// The claims of `token` if it is a live access token of `issuer`'s at `now`.
    package func accessToken(_ token: String, jwks: String, issuer: String, now: Date) async -> AccessTokenClaims? {
        let digest = SHA256Digest.hash(Array(token.utf8))
        let seconds = Int(now.timeIntervalSince1970)
        let kept = verified.withLock { $0[digest] }
        let claims: AccessTokenClaims
        if let kept, kept.jwks == jwks, kept.claims.iss == issuer {
            claims = kept.claims
        } else {
            guard Self.type(of: token)?.lowercased() == "at+jwt",
                let checked = try? await keys(jwks).verify(token, as: AccessTokenClaims.self),
                checked.iss == issuer
            else { return nil }
            claims = checked
            verified.withLock { verified in
                if verified.count >= Self.mostVerifiedKept {
                    verified = verified.filter { $0.value.claims.exp > seconds }
                }
                if verified.count >= Self.mostVerifiedKept { verified.removeAll() }
                verified[digest] = (claims, jwks)
            }
        }
        guard seconds < claims.exp, claims.iat <= seconds + Self.leeway, (claims.nbf ?? 0) <= seconds + Self.leeway
        else { return nil }
        return claims
    }

    /// The claims of an ID token `issuer` signed, expired or not: a logout's hint names a past sign-in.
    package func idTokenHint(_ token: String, jwks: String, issuer: String) async -> IDTokenClaims? {
        guard Self.type(of: token)?.uppercased() == "JWT",
            let claims = try? await keys(jwks).verify(token, as: IDTokenClaims.self), claims.iss == issuer
        else { return nil }
        return claims
    }

    /// Clocks of servers a second or two apart do not refuse a token just issued.
    static let leeway = 5

    private func keys(_ jwks: String) async throws -> JWTKeyCollection {
        if let kept = cache.withLock({ $0 }), kept.jwks == jwks { return kept.keys }
        let keys = JWTKeyCollection()
        try await keys.add(jwksJSON: jwks)
        cache.withLock { $0 = (jwks, keys) }
        return keys
    }

    /// The header's `typ`, which tells an access token (`at+jwt`, RFC 9068) from an ID token.
    private static func type(of token: String) -> String? { header(of: token)?["typ"] as? String }

    private static func header(of token: String) -> [String: Any]? {
        guard let header = token.split(separator: ".", omittingEmptySubsequences: false).first,
            let bytes = Base64.decodeURLSafe(String(header))
        else { return nil }
        return try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
    }
}
