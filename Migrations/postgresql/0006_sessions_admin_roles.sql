-- Sessions get a label chosen at sign-in ("work laptop"), shown in `latchkey sessions`.
ALTER TABLE sessions ADD COLUMN label TEXT CHECK (label IS NULL OR length(label) BETWEEN 1 AND 64);

-- An operator can require a new password at the next sign-in (`latchkey admin expire-password`).
ALTER TABLE users ADD COLUMN password_change_required BIGINT NOT NULL DEFAULT 0
    CHECK (password_change_required IN (0, 1));

-- Named roles an embedding tool checks (`Authorize`); names follow the username rules.
CREATE TABLE user_roles (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (role ~ '^[a-z0-9._-]{3,32}$'),
    PRIMARY KEY (user_id, role)
);

-- Who acted: NULL for the user themself, 'admin' for an operator, with the operating-system user.
ALTER TABLE auth_events ADD COLUMN actor TEXT CHECK (actor IS NULL OR actor = 'admin');
ALTER TABLE auth_events ADD COLUMN os_user TEXT CHECK (os_user IS NULL OR length(os_user) BETWEEN 1 AND 64);
