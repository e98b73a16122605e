import ArgumentParser
import Latchkey

/// The envelopes the commands print around the library's results (`{"sessions": [...]}`), and the
/// outputs that are the CLI's own (copy, key, import, failures). Property names become snake_case
/// keys (`Console.json` sets the strategy); absent values are `null`.
enum JSONOutput {
    /// What `database copy` did.
    struct Copy: Encodable {
        let from: String
        let to: String
        let tables: [String: Int]
        let rows: Int
        let seconds: Double
        let keyFile: String
    }

    /// What `key init` did.
    struct KeyInit: Encodable {
        let keyFile: String
        let created: Bool
        let recorded: Bool
    }

    /// `register`'s result.
    struct Registered: Encodable {
        let registered = true
        let profile: Principal
    }

    /// `login`'s result; the token only with `--show-token` (the key is left out otherwise).
    struct SignedIn: Encodable {
        let signedIn = true
        let profile: Principal
        let token: String?
    }

    /// `login`'s result when a new password is required first.
    struct PasswordChangeRequired: Encodable {
        let signedIn = true
        let passwordChangeRequired = true
    }

    /// `logout`'s and `sessions revoke`'s result; `sessions revoke` adds what it ended
    /// (`sessions_ended`, `included_current`) beside, in one flat object.
    struct SignedOut: Encodable {
        let signedOut = true
        let message: String
        var revocation: SessionRevocation? = nil

        enum CodingKeys: String, CodingKey {
            case signedOut, message
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(signedOut, forKey: .signedOut)
            try container.encode(message, forKey: .message)
            try revocation?.encode(to: encoder)
        }
    }

    /// `admin import`'s counts and refused rows.
    struct Imported: Encodable {
        struct Refused: Encodable {
            let line: Int
            let reason: String
        }

        let rows: Int
        let imported: Int
        let updated: Int
        let skipped: Int
        let refused: Int
        let dryRun: Bool
        let seconds: Double
        let refusals: [Refused]
        let refusedByReason: [String: Int]

        init(_ summary: ImportUsers.Summary) {
            rows = summary.rows
            imported = summary.imported
            updated = summary.updated
            skipped = summary.skipped
            refused = summary.refused
            dryRun = summary.dryRun
            seconds = summary.seconds
            refusals = summary.refusals.map { Refused(line: $0.line, reason: $0.reason) }
            refusedByReason = summary.refusedByReason
        }
    }

    /// The result of `reset-password` and other changes that say only that they are done.
    struct Changed: Encodable {
        let changed = true
        let message: String
    }

    /// `passwd`'s result: the message beside what the change ended and kept, in one flat object.
    struct PasswordChanged: Encodable {
        let changed = true
        let message: String
        let result: PasswordChangeResult

        enum CodingKeys: String, CodingKey {
            case changed, message
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(changed, forKey: .changed)
            try container.encode(message, forKey: .message)
            try result.encode(to: encoder)
        }
    }

    /// `history`'s result.
    struct Events: Encodable {
        let events: [HistoryEntry]
    }

    /// `sessions`' result.
    struct SessionList: Encodable {
        let sessions: [SessionSummary]
    }

    /// `tokens list` and `admin tokens`.
    struct TokenList: Encodable {
        let tokens: [AccessTokenSummary]
    }

    /// `passkeys list`.
    struct PasskeyList: Encodable {
        let passkeys: [PasskeySummary]
    }

    /// `passkeys rename`: the message, and the passkey with its new name.
    struct PasskeyRenamed: Encodable {
        let renamed = true
        let message: String
        let passkey: PasskeySummary
    }

    /// `passkeys revoke`: the message, and the passkey removed, as it was.
    struct PasskeyRevoked: Encodable {
        let revoked = true
        let message: String
        let passkey: PasskeySummary
    }

    /// `tokens revoke`: the message, and the token revoked.
    struct Revoked: Encodable {
        let revoked = true
        let message: String
        let accessToken: AccessTokenSummary
    }

    /// `admin users`' result.
    struct Accounts: Encodable {
        let users: [AccountSummary]
    }

    /// `admin invitations`' result.
    struct Invitations: Encodable {
        let invitations: [InvitationSummary]
    }

    /// `oidc keys` and `oidc rotate-key`: the signing keys, oldest first.
    struct SigningKeys: Encodable {
        let keys: [SigningKeySummary]
    }

    /// `oidc jwks`: the published key set, each JWK's members as the JWKS has them.
    struct KeySet: Encodable {
        let keys: [[String: String]]
    }

    /// `admin revoke-invitation`'s result: the message, and the invitation's number.
    struct InvitationRevoked: Encodable {
        let revoked = true
        let message: String
        let id: Int64
    }

    /// `clients list`'s result.
    struct OIDCClients: Encodable {
        let clients: [OIDCClientSummary]
    }

    /// `clients remove`'s result: the message, and the client's ID and name.
    struct OIDCClientRemoved: Encodable {
        let message: String
        let removed: RemovedOIDCClient

        func encode(to encoder: any Encoder) throws {
            try removed.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(message, forKey: .message)
        }

        enum CodingKeys: String, CodingKey { case message }
    }

    /// `admin show`'s result: the library's account page, with the account under `user`.
    struct AccountDetail: Encodable {
        let user: AccountSummary
        let sessions: [SessionSummary]
        let events: [HistoryEntry]
        let accessTokens: [AccessTokenSummary]
        let passkeys: [PasskeySummary]

        init(_ detail: Latchkey.AccountDetail) {
            user = detail.account
            sessions = detail.sessions
            events = detail.events
            accessTokens = detail.accessTokens
            passkeys = detail.passkeys
        }
    }

    /// The result of an admin action: `done`, the message, and what the action did.
    struct Administered: Encodable {
        enum CodingKeys: String, CodingKey {
            case done, message
        }

        let message: String
        let result: AdministrationResult

        func encode(to encoder: any Encoder) throws {
            try result.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(true, forKey: .done)
            try container.encode(message, forKey: .message)
        }
    }

    /// Any failure: its stable code (the library's `LatchkeyError` codes), message and exit code.
    struct Failure: Encodable {
        struct Body: Encodable {
            let code: String
            let message: String
            let exitCode: Int32
        }

        let error: Body

        init(_ failure: CLIError) {
            error = Body(code: failure.code.rawValue, message: failure.message, exitCode: failure.exitCode.rawValue)
        }
    }
}
