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

    /// `logout`'s and `sessions revoke`'s result.
    struct SignedOut: Encodable {
        let signedOut = true
        let message: String
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

    /// `passwd`'s result: what the change ended and kept.
    struct PasswordChanged: Encodable {
        let changed = true
        let message: String
        let otherSessionsEnded: Int
        let accessTokensRevoked: Int
        let accessTokensKept: Int
    }

    /// `history`'s result.
    struct Events: Encodable {
        let events: [Event]
    }

    /// One event of `history` and `admin show`.
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
        let sessions: [Session]
    }

    /// One session of `sessions` and `admin show`.
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

    /// `tokens list` and `admin tokens`.
    struct TokenList: Encodable {
        let tokens: [AccessTokenSummary]
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

    /// `admin show`'s result: the account under `user`, each event with its description.
    struct AccountDetail: Encodable {
        /// One event of the account: the library's entry, and what `history` says of it.
        struct Event: Encodable {
            enum CodingKeys: String, CodingKey {
                case description
            }

            let entry: HistoryEntry
            let description: String

            func encode(to encoder: any Encoder) throws {
                try entry.encode(to: encoder)
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(description, forKey: .description)
            }
        }

        let user: AccountSummary
        let sessions: [SessionSummary]
        let events: [Event]
        let accessTokens: [AccessTokenSummary]

        init(_ detail: Latchkey.AccountDetail) {
            user = detail.account
            sessions = detail.sessions
            events = detail.events.enumerated().map { index, entry in
                Event(entry: entry, description: AdminView.description(of: detail, at: index))
            }
            accessTokens = detail.accessTokens
        }
    }

    /// The result of an admin action (`roles` only from `admin roles`).
    struct Done: Encodable {
        let done = true
        let message: String
        let roles: [String]?
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

        init(_ failure: CLIFailure) {
            error = Body(code: failure.code.rawValue, message: failure.message, exitCode: failure.exitCode.rawValue)
        }
    }
}
