-- The OpenID provider's signing keys, one row a key. The private key is sealed under the
-- installation secret (never in clear); the public key is its JWK, published in the JWKS until
-- retire_at. A key with signing_from NULL is the next one: published ahead, so that relying parties
-- have it cached before it signs. Of the keys of an algorithm that have signing_from, the newest
-- signs; the others stay published until they retire.
CREATE TABLE oidc_signing_keys (
    id INTEGER PRIMARY KEY,
    kid TEXT NOT NULL CHECK (length(kid) BETWEEN 16 AND 64),
    algorithm TEXT NOT NULL CHECK (algorithm IN ('RS256', 'ES256', 'EdDSA')),
    private_key_box BLOB NOT NULL CHECK (length(private_key_box) BETWEEN 40 AND 4096),
    public_jwk TEXT NOT NULL CHECK (length(public_jwk) BETWEEN 2 AND 2048),
    created_at INTEGER NOT NULL,
    signing_from INTEGER,
    retire_at INTEGER
) STRICT;

CREATE UNIQUE INDEX oidc_signing_keys_kid ON oidc_signing_keys (kid);
-- One next key per algorithm: two processes that make the first keys at once cannot both succeed.
CREATE UNIQUE INDEX oidc_signing_keys_next ON oidc_signing_keys (algorithm) WHERE signing_from IS NULL;
