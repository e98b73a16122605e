-- Email addresses are unique by a key Latchkey computes (the address lower-cased with Unicode's full
-- case mapping), not by SQLite's NOCASE collation, which folds only ASCII: "Émile@x" and "émile@x"
-- were two accounts. The same key serves any engine alike. Existing rows are keyed with SQLite's
-- lower() (ASCII), which is what NOCASE enforced until now.
ALTER TABLE users ADD COLUMN email_key TEXT CHECK (email_key IS NULL OR length(email_key) BETWEEN 3 AND 1016);
UPDATE users SET email_key = lower(email) WHERE email IS NOT NULL;
DROP INDEX users_email;
CREATE UNIQUE INDEX users_email_key ON users (email_key) WHERE email_key IS NOT NULL;
