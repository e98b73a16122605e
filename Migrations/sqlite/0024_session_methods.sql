-- How each session was signed in: its authentication methods as RFC 8176 "amr" values, separated by
-- single spaces ("pwd otp mfa"). NULL for a session opened before they were recorded: unknown.
ALTER TABLE sessions ADD COLUMN amr TEXT CHECK (
    amr IS NULL OR (
        length(amr) BETWEEN 1 AND 64 AND amr NOT GLOB '*[^a-z ]*'
        AND amr NOT GLOB ' *' AND amr NOT GLOB '* ' AND amr NOT GLOB '*  *'));
