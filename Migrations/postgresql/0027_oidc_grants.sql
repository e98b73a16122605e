-- Sign-ins through an OpenID Connect client. A client's grant is a session of its own, marked with
-- the client: it is listed, revoked and ended like any other session (sign-out everywhere, a password
-- change, an operator), and removing the client deletes it. Its token is never handed out: the
-- client holds refresh tokens instead, so its token_hash is the SHA-256 of random bytes nobody has,
-- and it doubles as the public `sid` the grant's tokens carry.
ALTER TABLE sessions ADD COLUMN oidc_client_id BIGINT REFERENCES oidc_clients (id) ON DELETE CASCADE;
CREATE INDEX sessions_oidc_client_id ON sessions (oidc_client_id) WHERE oidc_client_id IS NOT NULL;

-- Authorization codes, kept as their SHA-256: single use, a minute long, bound to the client, the
-- redirect URI and the PKCE challenge. What the sign-in was (user, scopes, nonce, auth_time, amr)
-- rides along for the token endpoint. grant_session_id is the grant the code was exchanged for, so
-- a second exchange can revoke it.
CREATE TABLE oidc_codes (
    code_hash BYTEA PRIMARY KEY CHECK (length(code_hash) = 32),
    client_id BIGINT NOT NULL REFERENCES oidc_clients (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    redirect_uri TEXT NOT NULL CHECK (octet_length(redirect_uri) BETWEEN 1 AND 2000),
    scopes TEXT NOT NULL CHECK (length(scopes) BETWEEN 6 AND 256 AND scopes ~ '^[a-z ]+$'),
    nonce TEXT CHECK (nonce IS NULL OR octet_length(nonce) BETWEEN 1 AND 512),
    code_challenge TEXT CHECK (code_challenge IS NULL OR length(code_challenge) = 43),
    auth_time BIGINT NOT NULL,
    amr TEXT CHECK (amr IS NULL OR (length(amr) BETWEEN 1 AND 64 AND amr ~ '^[a-z]+( [a-z]+)*$')),
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL CHECK (expires_at > created_at),
    used_at BIGINT,
    grant_session_id BIGINT REFERENCES sessions (id) ON DELETE SET NULL
);
CREATE INDEX oidc_codes_expires_at ON oidc_codes (expires_at);
CREATE INDEX oidc_codes_grant_session_id ON oidc_codes (grant_session_id);
CREATE INDEX oidc_codes_client_id ON oidc_codes (client_id);
CREATE INDEX oidc_codes_user_id ON oidc_codes (user_id);

-- Refresh tokens, kept as their SHA-256, one family per grant session. Each use rotates: the token
-- used gets used_at and a new one is issued. A used token presented again revokes the grant (and
-- so the whole family).
CREATE TABLE oidc_refresh_tokens (
    token_hash BYTEA PRIMARY KEY CHECK (length(token_hash) = 32),
    session_id BIGINT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    used_at BIGINT
);
CREATE INDEX oidc_refresh_tokens_session_id ON oidc_refresh_tokens (session_id);
