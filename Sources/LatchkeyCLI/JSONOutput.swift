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
