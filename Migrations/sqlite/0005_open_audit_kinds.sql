-- The audit trail's kinds and reasons are checked for shape instead of listed, so that new kinds
-- (a failed password change now, account and second-factor events next) need no table rebuild each.
-- The Swift enum that writes them is the list.
CREATE TABLE auth_events_next (
    id INTEGER PRIMARY KEY,
    occurred_at INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (length(kind) BETWEEN 1 AND 40 AND kind NOT GLOB '*[^a-z_]*'),
    reason TEXT CHECK (reason IS NULL OR (length(reason) BETWEEN 1 AND 40 AND reason NOT GLOB '*[^a-z_]*')),
    username_key TEXT NOT NULL,
    user_id INTEGER REFERENCES users (id) ON DELETE SET NULL
) STRICT;

INSERT INTO auth_events_next (id, occurred_at, kind, reason, username_key, user_id)
    SELECT id, occurred_at, kind, reason, username_key, user_id FROM auth_events;
DROP TABLE auth_events;
ALTER TABLE auth_events_next RENAME TO auth_events;
CREATE INDEX auth_events_user_time ON auth_events (user_id, occurred_at);
