-- One-time codes (issue 21): a typed code (40 bits) and a link token (256 bits) per request, kept
-- only as a keyed hash (the code: short enough to brute-force offline without the key) and a
-- SHA-256 (the link token). One live code per user and kind: a new one replaces the older. Single
-- use: a used code is deleted in the transaction that uses it.
CREATE TABLE one_time_codes (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('password_reset', 'email_verification')),
    code_hash BLOB NOT NULL CHECK (length(code_hash) = 32),
    link_hash BLOB NOT NULL CHECK (length(link_hash) = 32),
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL CHECK (expires_at > created_at)
) STRICT;

CREATE UNIQUE INDEX one_time_codes_user_kind ON one_time_codes (user_id, kind);
CREATE UNIQUE INDEX one_time_codes_link_hash ON one_time_codes (link_hash);

-- When the email address was last proved to be the user's (a password reset by email goes only to
-- a verified address).
ALTER TABLE users ADD COLUMN email_verified_at INTEGER;
