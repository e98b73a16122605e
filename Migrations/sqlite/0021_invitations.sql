-- Invitations: registration by invitation only. An operator issues a code (printed once); only its
-- SHA-256 is kept. A code may name the one email address allowed to use it (matched by its key, as
-- accounts' addresses are) and the roles the new account gets. Single use: the registration that
-- uses it sets used_at (and used_by) in the transaction that creates the account.
CREATE TABLE invitations (
    id INTEGER PRIMARY KEY,
    code_hash BLOB NOT NULL CHECK (length(code_hash) = 32),
    email TEXT CHECK (email IS NULL OR length(CAST(email AS BLOB)) BETWEEN 3 AND 254),
    email_key TEXT CHECK (email_key IS NULL OR length(email_key) BETWEEN 3 AND 1016),
    created_by TEXT NOT NULL CHECK (length(created_by) BETWEEN 1 AND 128),
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL CHECK (expires_at > created_at),
    used_at INTEGER,
    used_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    CHECK ((email IS NULL) = (email_key IS NULL)),
    CHECK (used_by IS NULL OR used_at IS NOT NULL)
) STRICT;

CREATE UNIQUE INDEX invitations_code_hash ON invitations (code_hash);

-- A table rather than a list in a column, as access tokens' roles: each role checked for shape by
-- the database, and no separator to parse.
CREATE TABLE invitation_roles (
    invitation_id INTEGER NOT NULL REFERENCES invitations (id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (length(role) BETWEEN 3 AND 32 AND role NOT GLOB '*[^a-z0-9._-]*'),
    PRIMARY KEY (invitation_id, role)
) STRICT;
