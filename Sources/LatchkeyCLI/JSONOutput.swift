import ArgumentParser
import Latchkey

/// A value that is written as JSON `null` when absent (Swift's synthesized encoding would leave the
/// key out), so every output keeps stable keys.
struct Nullable<Wrapped: Encodable>: Encodable {
    let value: Wrapped?

    init(_ value: Wrapped?) {
        self.value = value
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value { try container.encode(value) } else { try container.encodeNil() }
    }
}

/// The JSON shapes the commands print, one `Encodable` type per output. Property names become
/// snake_case keys (`Console.json` sets the strategy); absent values are `null`.
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

    /// `mfa enable --json`: the factor is pending until `mfa confirm`.
    struct FactorPending: Encodable {
        let pending = true
        let uri: String
        let secret: String
    }

    /// `mfa confirm` and `mfa recovery-codes`: the codes, shown once.
    struct FactorCodes: Encodable {
        let enabled = true
        let recoveryCodes: [String]
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

    /// `admin reset-code`'s result.
    struct ResetCode: Encodable {
        let code: String
        let expires: String
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

    /// One event of `admin show`.
    struct Event: Encodable {
        let time: String
        let kind: String
        let reason: Nullable<String>
        let description: String
        let address: Nullable<String>
        let userAgent: Nullable<String>
        let count: Int

        init(entry: History.ListEvents.Entry) {
            time = entry.timeISO8601
            kind = entry.kind
            reason = Nullable(entry.reason)
            description = entry.description
            address = Nullable(entry.address)
            userAgent = Nullable(entry.userAgent)
            count = entry.count
        }
    }

    /// `sessions`' result.
    struct SessionList: Encodable {
        let sessions: [SessionSummary]
    }

    /// One session of `admin show`.
    struct Session: Encodable {
        let id: String
        let label: Nullable<String>
        let created: String
        let lastUsed: String
        let expires: String
        let current: Bool
        let address: Nullable<String>
        let userAgent: Nullable<String>

        init(entry: Sessions.List.Entry) {
            id = entry.shortID
            label = Nullable(entry.label)
            created = entry.createdISO8601
            lastUsed = entry.lastUsedISO8601
            expires = entry.expiresISO8601
            current = entry.isCurrent
            address = Nullable(entry.address)
            userAgent = Nullable(entry.userAgent)
        }
    }

    /// `tokens create`: the token, shown this once, and what it is.
    struct CreatedToken: Encodable {
        let token: String
        let accessToken: Token
    }

    /// `tokens list`.
    struct TokenList: Encodable {
        let tokens: [Token]
    }

    /// `tokens revoke`.
    struct Revoked: Encodable {
        let revoked = true
        let message: String
    }

    /// One personal access token (never the token itself).
    struct Token: Encodable {
        let id: String
        let name: String
        let roles: [String]
        let created: String
        let expires: Nullable<String>
        let lastUsed: Nullable<String>
        let lastUsedAddress: Nullable<String>
        let lastUsedUserAgent: Nullable<String>

        init(entry: AccessTokens.Entry) {
            id = entry.id
            name = entry.name
            roles = entry.roles
            created = entry.createdISO8601
            expires = Nullable(entry.expiresISO8601)
            lastUsed = Nullable(entry.lastUsedISO8601)
            lastUsedAddress = Nullable(entry.lastUsedAddress)
            lastUsedUserAgent = Nullable(entry.lastUsedAgent)
        }
    }

    /// An account of `admin users` and `admin show`, email and phone masked.
    struct Account: Encodable {
        let username: String
        let displayName: Nullable<String>
        let email: Nullable<String>
        let phone: Nullable<String>
        let created: String
        let lastSignIn: Nullable<String>
        let disabled: Bool
        let locked: Bool
        let passwordChangeRequired: Bool
        let roles: [String]
        let secondFactor: Bool
        let recoveryCodesLeft: Int
        let importedHash: Nullable<String>

        init(row: Admin.Row) {
            username = row.username
            displayName = Nullable(row.displayName)
            email = Nullable(row.maskedEmail)
            phone = Nullable(row.maskedPhone)
            created = row.createdISO8601
            lastSignIn = Nullable(row.lastSignInISO8601)
            disabled = row.isDisabled
            locked = row.isLocked
            passwordChangeRequired = row.passwordChangeRequired
            roles = row.roles
            secondFactor = row.secondFactorOn
            recoveryCodesLeft = row.recoveryCodesLeft
            importedHash = Nullable(row.importedScheme)
        }
    }

    /// `admin users`' result.
    struct Accounts: Encodable {
        let users: [Account]
    }

    /// `admin show`'s result.
    struct AccountDetail: Encodable {
        let user: Account
        let sessions: [Session]
        let events: [Event]
        let accessTokens: [Token]
    }

    /// The result of an admin action (`roles` only from `admin roles`).
    struct Done: Encodable {
        let done = true
        let message: String
        let roles: [String]?
    }

    /// Any failure: its stable code (the library's `LatchkeyError` codes), message and exit code.
    struct Failure: Encodable {
        struct Body: Encodable {
            let code: String
            let message: String
            let exitCode: Int32
        }

        let error: Body

        init(_ failure: CLIFailure) {
            error = Body(code: failure.code.rawValue, message: failure.message, exitCode: failure.exitCode.rawValue)
        }
    }
}
