-- Personal access tokens (issue 22): long-lived, named, scoped credentials for scripts and services.
-- Only the SHA-256 of a token is kept. A token carries a subset of its user's roles; what it may do
-- is that subset intersected with the user's roles at the time of use.
CREATE TABLE access_tokens (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
    token_hash BLOB NOT NULL CHECK (length(token_hash) = 32),
    created_at INTEGER NOT NULL,
    -- NULL: it never expires (only where the policy allows it).
    expires_at INTEGER CHECK (expires_at IS NULL OR expires_at > created_at),
    last_used_at INTEGER,
    last_used_address TEXT CHECK (last_used_address IS NULL OR length(last_used_address) <= 64),
    last_used_agent TEXT CHECK (last_used_agent IS NULL OR length(last_used_agent) <= 256),
    revoked_at INTEGER
) STRICT;

CREATE UNIQUE INDEX access_tokens_token_hash ON access_tokens (token_hash);
CREATE INDEX access_tokens_user_id ON access_tokens (user_id);

CREATE TABLE access_token_roles (
    token_id INTEGER NOT NULL REFERENCES access_tokens (id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (length(role) BETWEEN 3 AND 32 AND role NOT GLOB '*[^a-z0-9._-]*'),
    PRIMARY KEY (token_id, role)
) STRICT;
