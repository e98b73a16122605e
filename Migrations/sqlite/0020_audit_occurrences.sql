-- An event that repeats is kept once with a count: the refusals of one access token within a minute
-- are one row (its token and how many times), so a flood of a revoked token cannot push an
-- account's history out of view. Revoking many tokens at once is one row with their number too.
ALTER TABLE auth_events ADD COLUMN access_token_id INTEGER;
ALTER TABLE auth_events ADD COLUMN occurrences INTEGER NOT NULL DEFAULT 1 CHECK (occurrences >= 1);
CREATE INDEX auth_events_access_token ON auth_events (access_token_id, occurred_at)
    WHERE access_token_id IS NOT NULL;
