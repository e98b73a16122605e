-- Failed sign-ins per normalized username, whether or not the user exists (pam_faillock's model).
-- Kept in the database so the limit holds across processes and restarts.
CREATE TABLE login_throttle (
    username_key TEXT PRIMARY KEY,
    failures INTEGER NOT NULL CHECK (failures >= 0),
    window_started_at INTEGER NOT NULL,
    locked_until INTEGER
) STRICT;
