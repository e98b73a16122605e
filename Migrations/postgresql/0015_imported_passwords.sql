-- Password hashes brought in by an import (issue 23), kept apart from users.password_hash, which stays
-- Argon2id only (its CHECK). The row lives until the user's next successful sign-in re-hashes the
-- password with Argon2id at policy strength, or a password is set another way.
CREATE TABLE imported_passwords (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    scheme TEXT NOT NULL CHECK (scheme IN (
        'argon2id', 'argon2i', 'bcrypt', 'sha512crypt', 'sha256crypt', 'yescrypt', 'md5crypt')),
    hash TEXT NOT NULL CHECK (length(hash) BETWEEN 4 AND 512),
    imported_at BIGINT NOT NULL
);
