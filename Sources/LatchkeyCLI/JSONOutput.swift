import Latchkey

/// The JSON shapes the commands print, one `Encodable` type per output; absent values are `null`.
enum JSONOutput {
    /// A profile card.
    struct Profile: Encodable {
        let card: ProfileCard

        private enum Keys: String, CodingKey {
            case username, displayName = "display_name", email, phone, memberSince = "member_since"
            case lastSignIn = "last_sign_in", sessionExpires = "session_expires", roles
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(card.username, forKey: .username)
            try container.encode(card.displayName, forKey: .displayName)
            try container.encode(card.email, forKey: .email)
            try container.encode(card.maskedPhone, forKey: .phone)
            try container.encode(card.memberSinceISO8601, forKey: .memberSince)
            try container.encode(card.lastSignInISO8601, forKey: .lastSignIn)
            try container.encode(card.sessionExpiresISO8601, forKey: .sessionExpires)
            try container.encode(card.roles, forKey: .roles)
        }
    }

    /// `register`'s result.
    struct Registered: Encodable {
        let registered = true
        let profile: Profile
    }

    /// `login`'s result; the token only with `--show-token`.
    struct SignedIn: Encodable {
        let signedIn = true
        let profile: Profile
        let token: String?

        private enum CodingKeys: String, CodingKey { case signedIn = "signed_in", profile, token }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(signedIn, forKey: .signedIn)
            try container.encode(profile, forKey: .profile)
            try container.encodeIfPresent(token, forKey: .token)
        }
    }

    /// `login`'s result when a new password is required first.
    struct PasswordChangeRequired: Encodable {
        let signedIn = true
        let passwordChangeRequired = true

        private enum CodingKeys: String, CodingKey {
            case signedIn = "signed_in", passwordChangeRequired = "password_change_required"
        }
    }

    /// `logout`'s result.
    struct SignedOut: Encodable {
        let signedOut = true
        let message: String

        private enum CodingKeys: String, CodingKey { case signedOut = "signed_out", message }
    }

    /// `passwd`'s result.
    struct Changed: Encodable {
        let changed = true
        let message: String
    }

    /// `history`'s result.
    struct Events: Encodable {
        let events: [Event]
    }

    /// One event of `history`.
    struct Event: Encodable {
        let entry: History.ListEvents.Entry

        private enum Keys: String, CodingKey { case time, kind, reason, description }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(entry.timeISO8601, forKey: .time)
            try container.encode(entry.kind, forKey: .kind)
            try container.encode(entry.reason, forKey: .reason)
            try container.encode(entry.description, forKey: .description)
        }
    }

    /// Any failure: its message and the exit code it ends with.
    struct Failure: Encodable {
        struct Body: Encodable {
            let message: String
            let exitCode: Int32

            private enum CodingKeys: String, CodingKey { case message, exitCode = "exit_code" }
        }

        let error: Body

        init(message: String, exitCode: Int32) {
            error = Body(message: message, exitCode: exitCode)
        }
    }
}

extension JSONOutput {
    /// `sessions`' result.
    struct SessionList: Encodable {
        let sessions: [Session]
    }

    /// One session of `sessions` (and of `admin show`).
    struct Session: Encodable {
        let entry: Sessions.List.Entry

        private enum Keys: String, CodingKey {
            case id, label, created, lastUsed = "last_used", expires, current
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(entry.shortID, forKey: .id)
            try container.encode(entry.label, forKey: .label)
            try container.encode(entry.createdISO8601, forKey: .created)
            try container.encode(entry.lastUsedISO8601, forKey: .lastUsed)
            try container.encode(entry.expiresISO8601, forKey: .expires)
            try container.encode(entry.isCurrent, forKey: .current)
        }
    }

    /// An account of `admin users` and `admin show`.
    struct Account: Encodable {
        let row: Admin.Row

        private enum Keys: String, CodingKey {
            case username, displayName = "display_name", email, phone, created, lastSignIn = "last_sign_in"
            case disabled, locked, passwordChangeRequired = "password_change_required", roles
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(row.username, forKey: .username)
            try container.encode(row.displayName, forKey: .displayName)
            try container.encode(row.maskedEmail, forKey: .email)
            try container.encode(row.maskedPhone, forKey: .phone)
            try container.encode(row.createdISO8601, forKey: .created)
            try container.encode(row.lastSignInISO8601, forKey: .lastSignIn)
            try container.encode(row.isDisabled, forKey: .disabled)
            try container.encode(row.isLocked, forKey: .locked)
            try container.encode(row.passwordChangeRequired, forKey: .passwordChangeRequired)
            try container.encode(row.roles, forKey: .roles)
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
    }

    /// The result of an admin action.
    struct Done: Encodable {
        let done = true
        let message: String
        let roles: [String]?

        private enum CodingKeys: String, CodingKey { case done, message, roles }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(done, forKey: .done)
            try container.encode(message, forKey: .message)
            try container.encodeIfPresent(roles, forKey: .roles)
        }
    }
}
