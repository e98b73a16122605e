-- Accounts. Usernames and emails are unique whatever their case; the phone is E.164.
CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    username TEXT NOT NULL COLLATE NOCASE
        CHECK (length(username) BETWEEN 3 AND 32),
    email TEXT COLLATE NOCASE
        CHECK (email IS NULL OR length(CAST(email AS BLOB)) BETWEEN 3 AND 254),
    phone TEXT
        CHECK (phone IS NULL OR (phone GLOB '+*' AND length(phone) BETWEEN 8 AND 16
            AND substr(phone, 2) NOT GLOB '*[^0-9]*')),
    display_name TEXT,
    password_hash TEXT NOT NULL CHECK (password_hash GLOB '$argon2id$*'),
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    last_login_at INTEGER,
    disabled_at INTEGER
) STRICT;

CREATE UNIQUE INDEX users_username ON users (username COLLATE NOCASE);
CREATE UNIQUE INDEX users_email ON users (email COLLATE NOCASE) WHERE email IS NOT NULL;
