import Foundation
import Testing

@testable import Latchkey

/// One row in every table with a value in every column: with it, a copy that left out a table or a
/// column shows in a dump of the target. `check` fails when a migration adds a table or a column
/// these rows do not fill, so the rows grow with the schema.
enum EveryColumnRows {
    /// Bytes of `count` times `byte` (hashes and boxes of the lengths the schema checks).
    private static func bytes(_ byte: UInt8, _ count: Int = 32) -> [UInt8] { Array(repeating: byte, count: count) }

    /// The rows, parents first, as column and value pairs.
    static let rows: [(table: String, values: KeyValuePairs<String, any SQLBindable>)] = [
        (
            "users",
            [
                "id": 7, "username": "fixture", "email": "f@example.org", "phone": "+15555550100",
                "display_name": "Fixture", "password_hash": "$argon2id$v=19$m=8,t=1,p=1$c2FsdHNhbHQ$aGFzaA",
                "created_at": 100, "updated_at": 101, "last_login_at": 102, "disabled_at": 103,
                "password_change_required": 1, "email_key": "f@example.org", "email_verified_at": 104,
            ]
        ),
        (
            "sessions",
            [
                "id": 5, "user_id": 7, "token_hash": bytes(1), "created_at": 100, "expires_at": 200,
                "last_used_at": 150, "revoked_at": 160, "previous_login_at": 90, "label": "laptop",
                "client_address": "192.0.2.1", "client_agent": "curl/8", "amr": "pwd otp mfa",
            ]
        ),
        ("login_throttle", ["throttle_key": "fixture", "failures": 2, "window_started_at": 100, "locked_until": 300]),
        (
            "access_tokens",
            [
                "id": 3, "user_id": 7, "name": "ci", "token_hash": bytes(5), "created_at": 100, "expires_at": 200,
                "last_used_at": 150, "last_used_address": "192.0.2.2", "last_used_agent": "ci/1", "revoked_at": 170,
            ]
        ),
        (
            "auth_events",
            [
                "id": 9, "occurred_at": 100, "kind": "login_failed", "reason": "bad_credentials",
                "username_key": "fixture", "user_id": 7, "actor": "admin", "os_user": "root", "actor_user_id": 7,
                "client_address": "192.0.2.3", "client_agent": "curl/8", "detail": "from the fixture",
                "access_token_id": 3, "occurrences": 2,
            ]
        ),
        ("user_roles", ["user_id": 7, "role": "auditor"]),
        (
            "second_factors",
            ["user_id": 7, "secret_box": bytes(2, 48), "created_at": 100, "enabled_at": 101, "last_step": 5]
        ),
        ("recovery_codes", ["user_id": 7, "code_hash": bytes(3), "used_at": 120]),
        (
            "login_challenges",
            [
                "challenge_hash": bytes(4), "user_id": 7, "verified_hash": "$argon2id$v=19$m=8,t=1,p=1$c2FsdA$aA",
                "label": "phone", "expires_at": 200, "wrong_codes": 1,
            ]
        ),
        ("installation", ["id": 1, "key_check": bytes(6)]),
        ("access_token_roles", ["token_id": 3, "role": "auditor"]),
        (
            "one_time_codes",
            [
                "id": 4, "user_id": 7, "kind": "password_reset", "code_hash": bytes(7), "link_hash": bytes(8),
                "created_at": 100, "expires_at": 200, "email": "f@example.org", "email_key": "f@example.org",
            ]
        ),
        (
            "invitations",
            [
                "id": 6, "code_hash": bytes(9), "email": "f@example.org", "email_key": "f@example.org",
                "created_by": "root", "created_at": 100, "expires_at": 200, "used_at": 150, "used_by": 7,
                "revoked_at": 160,
            ]
        ),
        ("invitation_roles", ["invitation_id": 6, "role": "auditor"]),
        (
            "imported_passwords",
            ["user_id": 7, "scheme": "bcrypt", "hash": "$2b$04$abcdefghijklmnopqrstuu", "imported_at": 100]
        ),
        (
            "passkeys",
            [
                "id": 8, "user_id": 7, "credential_id": bytes(10), "public_key": bytes(11), "algorithm": -7,
                "sign_count": 4_294_967_295, "name": "Laptop", "aaguid": Array(repeating: UInt8(3), count: 16),
                "attestation_format": "packed", "transports": "hybrid,internal", "backup_eligible": 1,
                "backed_up": 1, "user_verified": 1, "created_at": 100, "last_used_at": 150,
                "counter_regressed_at": 160,
            ]
        ),
        ("passkey_user_handles", ["user_id": 7, "handle": Array(repeating: UInt8(4), count: 32)]),
        ("passkey_used_challenges", ["challenge_hash": Array(repeating: UInt8(5), count: 32), "expires_at": 200]),
        (
            "oidc_clients",
            [
                "id": 2, "client_id": "lkc_fixture", "name": "Fixture", "name_key": "fixture",
                "secret_hash": bytes(12), "public": 0, "first_party": 1, "scopes": "openid email",
                "created_at": 100, "secret_rotated_at": 150, "created_by": 7,
            ]
        ),
        ("oidc_client_uris", ["client_id": 2, "kind": "redirect", "position": 0, "uri": "https://f.example/cb"]),
        (
            "oidc_signing_keys",
            [
                "id": 1, "kid": "fixture-key-0001", "algorithm": "ES256", "private_key_box": bytes(13, 64),
                "public_jwk": "{}", "created_at": 100, "signing_from": 100, "retire_at": 300,
            ]
        ),
        (
            "sessions",
            [
                "id": 6, "user_id": 7, "token_hash": bytes(14), "created_at": 100, "expires_at": 200,
                "last_used_at": 150, "oidc_client_id": 2,
            ]
        ),
        (
            "oidc_codes",
            [
                "code_hash": bytes(15), "client_id": 2, "user_id": 7, "redirect_uri": "https://f.example/cb",
                "scopes": "openid email", "nonce": "n-0", "code_challenge": String(repeating: "c", count: 43),
                "auth_time": 90, "amr": "pwd", "created_at": 100, "expires_at": 160, "used_at": 110,
                "grant_session_id": 6,
            ]
        ),
        ("oidc_refresh_tokens", ["token_hash": bytes(16), "session_id": 6, "created_at": 110, "used_at": 120]),
    ]

    /// Writes the rows into the empty database of `worker`.
    static func insert(into worker: DatabaseWorker) throws {
        try worker.write { db in
            for (table, values) in rows {
                let columns = values.map(\.key)
                let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
                try db.execute(
                    "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(marks))", values.map(\.value))
            }
        }
    }

    /// Records an issue for each table of the database without a row, and each column without a
    /// value in any row: what `rows` must be given when the schema grows.
    static func check(_ worker: DatabaseWorker, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try worker.read { db in
            for table in try DatabaseSchema(reading: db).tables {
                for column in table.columns {
                    let filled = try db.queryFirst(
                        "SELECT count(*) AS n FROM \(table.name) WHERE \(column) IS NOT NULL"
                    ) { try $0.int64("n") }
                    #expect(
                        (filled ?? 0) > 0,
                        "EveryColumnRows.rows fills no \(table.name).\(column): give it a value",
                        sourceLocation: sourceLocation)
                }
            }
        }
    }
}
