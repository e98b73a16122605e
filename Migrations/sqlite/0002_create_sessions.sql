-- Sessions keep only the SHA-256 of their token: a copy of the database signs nobody in.
CREATE TABLE sessions (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash BLOB NOT NULL CHECK (length(token_hash) = 32),
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL CHECK (expires_at > created_at),
    last_used_at INTEGER NOT NULL,
    revoked_at INTEGER,
    -- The user's sign-in before this one, shown by whoami so a stranger's sign-in gets noticed.
    previous_login_at INTEGER
) STRICT;

CREATE UNIQUE INDEX sessions_token_hash ON sessions (token_hash);
CREATE INDEX sessions_user_id ON sessions (user_id);
