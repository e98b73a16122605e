import Foundation

/// An access token row found by its token, with its user (whose `roles` are the token's effective
/// roles: those it carries that the user holds now), whatever its state.
struct StoredAccessToken: Sendable {
    let token: AccessTokenInfo
    var user: UserProfile
    let isRevoked: Bool
    let isUserDisabled: Bool
    let passwordChangeRequired: Bool
}
