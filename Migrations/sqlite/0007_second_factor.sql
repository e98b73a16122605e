-- A TOTP second factor per user: the secret sealed under the installation secret (never in clear),
-- pending until a first code confirms it, and the last accepted time step (each is accepted once).
CREATE TABLE second_factors (
    user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    secret_box BLOB NOT NULL CHECK (length(secret_box) BETWEEN 40 AND 200),
    created_at INTEGER NOT NULL,
    enabled_at INTEGER,
    last_step INTEGER
) STRICT;

-- Single-use recovery codes, kept only as keyed hashes.
CREATE TABLE recovery_codes (
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash BLOB NOT NULL CHECK (length(code_hash) = 32),
    used_at INTEGER,
    PRIMARY KEY (user_id, code_hash)
) STRICT;

-- A sign-in whose password was right and whose code is still to come: short-lived, kept by its
-- hash, with the password hash it verified (re-checked when the code completes it).
CREATE TABLE login_challenges (
    challenge_hash BLOB PRIMARY KEY CHECK (length(challenge_hash) = 32),
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    verified_hash TEXT NOT NULL,
    label TEXT,
    expires_at INTEGER NOT NULL
) STRICT;
