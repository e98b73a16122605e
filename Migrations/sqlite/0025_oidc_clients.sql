-- OpenID Connect clients (relying parties) an operator registers. client_id is the public
-- identifier ("lkc_" and 22 random base62 characters); a confidential client's secret is kept only
-- as its SHA-256 (a public client has none). name_key is the name folded to lower case, so two
-- clients cannot differ only by case. Scopes are OAuth's space-separated list (RFC 6749, 3.3).
-- created_by is the administrator's account, or NULL for the operator (the audit trail names them).
CREATE TABLE oidc_clients (
    id INTEGER PRIMARY KEY,
    client_id TEXT NOT NULL UNIQUE CHECK (length(client_id) BETWEEN 5 AND 64 AND client_id NOT GLOB '*[^A-Za-z0-9_]*'),
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
    name_key TEXT NOT NULL UNIQUE CHECK (length(name_key) BETWEEN 1 AND 256),
    secret_hash BLOB CHECK (secret_hash IS NULL OR length(secret_hash) = 32),
    public INTEGER NOT NULL CHECK (public IN (0, 1)),
    first_party INTEGER NOT NULL CHECK (first_party IN (0, 1)),
    scopes TEXT NOT NULL CHECK (length(scopes) BETWEEN 6 AND 256 AND scopes NOT GLOB '*[^a-z ]*'),
    created_at INTEGER NOT NULL,
    secret_rotated_at INTEGER,
    created_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    CHECK ((public = 1) = (secret_hash IS NULL))
) STRICT;

-- Each URI as given (after validation), compared later by exact string match; position keeps the
-- order they were given in. At most 10 of each kind, each at most 2000 bytes.
CREATE TABLE oidc_client_uris (
    client_id INTEGER NOT NULL REFERENCES oidc_clients (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('redirect', 'post_logout_redirect')),
    position INTEGER NOT NULL CHECK (position BETWEEN 0 AND 9),
    uri TEXT NOT NULL CHECK (length(CAST(uri AS BLOB)) BETWEEN 1 AND 2000),
    PRIMARY KEY (client_id, kind, position)
) STRICT;
