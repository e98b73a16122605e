-- The client a request came from (issue 19): the remote address and user agent a server saw, or the
-- program and terminal of a local command. Sessions show where they were opened; audit events where
-- they happened. Never a secret.
ALTER TABLE sessions ADD COLUMN client_address TEXT CHECK (client_address IS NULL OR length(client_address) <= 64);
ALTER TABLE sessions ADD COLUMN client_agent TEXT CHECK (client_agent IS NULL OR length(client_agent) <= 256);
ALTER TABLE auth_events ADD COLUMN client_address TEXT CHECK (client_address IS NULL OR length(client_address) <= 64);
ALTER TABLE auth_events ADD COLUMN client_agent TEXT CHECK (client_agent IS NULL OR length(client_agent) <= 256);

-- The throttle now counts rows of three kinds, not only names: a name, a name from an address, an
-- address (keyed hashes for the last two).
ALTER TABLE login_throttle RENAME COLUMN username_key TO throttle_key;

-- An administrator signed in to a server acts through a session: their account is the actor (the
-- command line's operators stay named by their operating-system user).
ALTER TABLE auth_events ADD COLUMN actor_user_id BIGINT REFERENCES users (id) ON DELETE SET NULL;
