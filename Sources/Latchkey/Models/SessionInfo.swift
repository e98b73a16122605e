package import Foundation

/// A session as its owner may see it (never its token or hash).
package struct SessionInfo: Sendable, Hashable {
    package let id: Int64
    package let createdAt: Date
    /// The absolute end: the session ends then however often it is used.
    package let expiresAt: Date
    /// The last use recorded (uses within the policy's granularity of the last one are not written).
    package let lastUsedAt: Date
    /// The policy's idle timeout it was read under: unused this long, it ends (see `expiresIfUnused`).
    package let idleTimeout: Duration
    /// The label given at sign-in ("work laptop").
    package var label: String? = nil
    /// A short public name for the session: the first 8 hex digits of its token's SHA-256.
    package var shortID: String = ""
    /// The address it was opened from, when a server gave one.
    package var address: String? = nil
    /// The user agent it was opened with, or the local program and terminal.
    package var userAgent: String? = nil
    /// How it was signed in, in order; empty for a session opened before methods were recorded.
    package var methods: [AuthenticationMethod] = []
    /// The OpenID Connect client it was opened for (its name), when a client's sign-in made it.
    package var oidcClient: String? = nil
}
