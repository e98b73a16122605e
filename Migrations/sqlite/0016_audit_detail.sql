-- A few words more for events that are about many accounts at once (issue 23: an import's counts).
-- Never a secret.
ALTER TABLE auth_events ADD COLUMN detail TEXT;
