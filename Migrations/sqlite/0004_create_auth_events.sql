-- The audit trail. Never a password, a token or a hash: only what happened, when, and to whom.
CREATE TABLE auth_events (
    id INTEGER PRIMARY KEY,
    occurred_at INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN (
        'registered', 'login_succeeded', 'login_failed', 'logged_out', 'password_changed',
        'sessions_revoked', 'account_disabled'
    )),
    reason TEXT CHECK (reason IS NULL OR reason IN ('bad_credentials', 'throttled', 'disabled')),
    username_key TEXT NOT NULL,
    user_id INTEGER REFERENCES users (id) ON DELETE SET NULL
) STRICT;

CREATE INDEX auth_events_user_time ON auth_events (user_id, occurred_at);
