-- Passkeys (WebAuthn public-key credentials). A credential ID belongs to one account across the
-- installation; the public key is kept as the COSE_Key bytes the authenticator gave, with its
-- algorithm (ES256 -7, EdDSA -8, RS256 -257). The signature counter only moves forward;
-- counter_regressed_at marks a credential whose counter went backwards (a possible clone).
CREATE TABLE passkeys (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    credential_id BLOB NOT NULL CHECK (length(credential_id) BETWEEN 1 AND 1023),
    public_key BLOB NOT NULL CHECK (length(public_key) BETWEEN 1 AND 2048),
    algorithm INTEGER NOT NULL CHECK (algorithm IN (-7, -8, -257)),
    sign_count INTEGER NOT NULL CHECK (sign_count BETWEEN 0 AND 4294967295),
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
    aaguid BLOB NOT NULL CHECK (length(aaguid) = 16),
    attestation_format TEXT NOT NULL CHECK (attestation_format IN ('none', 'packed')),
    transports TEXT NOT NULL CHECK (length(transports) <= 128 AND transports NOT GLOB '*[^a-z,-]*'),
    backup_eligible INTEGER NOT NULL CHECK (backup_eligible IN (0, 1)),
    backed_up INTEGER NOT NULL CHECK (backed_up IN (0, 1)),
    user_verified INTEGER NOT NULL CHECK (user_verified IN (0, 1)),
    created_at INTEGER NOT NULL,
    last_used_at INTEGER,
    counter_regressed_at INTEGER,
    CHECK (backed_up = 0 OR backup_eligible = 1)
) STRICT;

CREATE UNIQUE INDEX passkeys_credential_id ON passkeys (credential_id);
CREATE INDEX passkeys_user ON passkeys (user_id);

-- The user handle a discoverable credential carries: random, per account, never the account's id or
-- name; made when the account first registers a passkey.
CREATE TABLE passkey_user_handles (
    user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    handle BLOB NOT NULL UNIQUE CHECK (length(handle) = 32)
) STRICT;

-- Challenges are issued without a row (sealed under the installation key); a challenge a ceremony
-- used is kept until it expires, so it is accepted once.
CREATE TABLE passkey_used_challenges (
    challenge_hash BLOB PRIMARY KEY CHECK (length(challenge_hash) = 32),
    expires_at INTEGER NOT NULL
) STRICT;

CREATE INDEX passkey_used_challenges_expiry ON passkey_used_challenges (expires_at);
