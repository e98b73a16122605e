-- Django's PBKDF2, bcrypt-of-SHA-256 and scrypt hashes join the schemes an import keeps (issue 23).
-- SQLite cannot change a CHECK in place: the table is made again and its rows copied.
CREATE TABLE imported_passwords_new (
    user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    scheme TEXT NOT NULL CHECK (scheme IN (
        'argon2id', 'argon2i', 'bcrypt', 'sha512crypt', 'sha256crypt', 'yescrypt', 'md5crypt', 'apr1', 'sha1',
        'pbkdf2_sha256', 'pbkdf2_sha1', 'bcrypt_sha256', 'scrypt')),
    hash TEXT NOT NULL CHECK (length(hash) BETWEEN 4 AND 512),
    imported_at INTEGER NOT NULL
) STRICT;
INSERT INTO imported_passwords_new (user_id, scheme, hash, imported_at)
    SELECT user_id, scheme, hash, imported_at FROM imported_passwords;
DROP TABLE imported_passwords;
ALTER TABLE imported_passwords_new RENAME TO imported_passwords;
