public import Hummingbird
public import Latchkey

// Retroactive but safe: Latchkey and this package are one project, and the core never imports
// Hummingbird, so these conformances cannot meet another.

/// The signed-in principal (`GET /v1/me`, `PATCH /v1/me`), as the CLI prints it.
extension Principal: @retroactive ResponseGenerator {}
extension Principal: @retroactive ResponseEncodable {}

/// The second factor's state after a change, as the CLI prints it.
extension SecondFactorResult: @retroactive ResponseGenerator {}
extension SecondFactorResult: @retroactive ResponseEncodable {}

/// A new access token, shown this once.
extension CreatedAccessToken: @retroactive ResponseGenerator {}
extension CreatedAccessToken: @retroactive ResponseEncodable {}

/// An account's page for an administrator (`GET /v1/admin/users/{username}`).
extension AccountDetail: @retroactive ResponseGenerator {}
extension AccountDetail: @retroactive ResponseEncodable {}

/// A revoked invitation (`DELETE /v1/admin/invitations/{id}`).
extension RevokedInvitation: @retroactive ResponseGenerator {}
extension RevokedInvitation: @retroactive ResponseEncodable {}

/// An OpenID Connect client (`GET /v1/admin/oidc-clients/{client}`), never its secret.
extension OIDCClientSummary: @retroactive ResponseGenerator {}
extension OIDCClientSummary: @retroactive ResponseEncodable {}

/// An OpenID Connect client just added or given a new secret, the secret shown this once.
extension OIDCClientWithSecret: @retroactive ResponseGenerator {}
extension OIDCClientWithSecret: @retroactive ResponseEncodable {}

/// A removed OpenID Connect client (`DELETE /v1/admin/oidc-clients/{client}`).
extension RemovedOIDCClient: @retroactive ResponseGenerator {}
extension RemovedOIDCClient: @retroactive ResponseEncodable {}

/// What an administrator's action did.
extension AdministrationResult: @retroactive ResponseGenerator {}
extension AdministrationResult: @retroactive ResponseEncodable {}

/// A reset code an administrator issued, shown once.
extension IssuedResetCode: @retroactive ResponseGenerator {}
extension IssuedResetCode: @retroactive ResponseEncodable {}

/// One passkey, as listed (`POST /v1/passkeys/register`, `PATCH` and `DELETE /v1/passkeys/{id}`).
extension PasskeySummary: @retroactive ResponseGenerator {}
extension PasskeySummary: @retroactive ResponseEncodable {}

/// The options of a passkey registration, for `PublicKeyCredential.parseCreationOptionsFromJSON`.
extension PasskeyCreationOptions: @retroactive ResponseGenerator {}
extension PasskeyCreationOptions: @retroactive ResponseEncodable {}

/// The options of a passkey sign-in, for `PublicKeyCredential.parseRequestOptionsFromJSON`.
extension PasskeyRequestOptions: @retroactive ResponseGenerator {}
extension PasskeyRequestOptions: @retroactive ResponseEncodable {}
