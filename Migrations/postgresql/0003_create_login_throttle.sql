-- Failed sign-ins per normalized username, whether or not the user exists (pam_faillock's model).
-- Kept in the database so the limit holds across processes, restarts and machines.
CREATE TABLE login_throttle (
    username_key TEXT PRIMARY KEY,
    failures BIGINT NOT NULL CHECK (failures >= 0),
    window_started_at BIGINT NOT NULL,
    locked_until BIGINT
);
