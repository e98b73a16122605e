-- Django's PBKDF2, bcrypt-of-SHA-256 and scrypt hashes join the schemes an import keeps (issue 23).
ALTER TABLE imported_passwords DROP CONSTRAINT imported_passwords_scheme_check;
ALTER TABLE imported_passwords ADD CONSTRAINT imported_passwords_scheme_check CHECK (scheme IN (
    'argon2id', 'argon2i', 'bcrypt', 'sha512crypt', 'sha256crypt', 'yescrypt', 'md5crypt', 'apr1', 'sha1',
    'pbkdf2_sha256', 'pbkdf2_sha1', 'bcrypt_sha256', 'scrypt'));
