-- An email address is unique only among the accounts that proved it: an unverified address reserves
-- nothing, and the first account to verify one gets it (the other accounts' unverified copies are
-- dropped in that transaction). A verification code keeps the key of the address it proves, so those
-- copies are found by the same key.
--
-- Keys become NFC with Unicode's full case folding, the domain in IDNA A-labels. Only Latchkey's Swift
-- computes them: after this script, in the same transaction, it recomputes every stored key. An
-- account whose verified address folds to another verified account's keeps its old key and gets an
-- `email_key_kept` event naming the other (`latchkey admin show`), instead of failing the migration.
DROP INDEX users_email_key;
CREATE UNIQUE INDEX users_email_key ON users (email_key) WHERE email_verified_at IS NOT NULL;
CREATE INDEX users_email_key_any ON users (email_key) WHERE email_key IS NOT NULL;
ALTER TABLE one_time_codes ADD COLUMN email_key TEXT;
CREATE INDEX one_time_codes_email_key ON one_time_codes (email_key) WHERE email_key IS NOT NULL;
