-- Apache's `$apr1$` and `{SHA}` hashes join the schemes an import keeps (issue 23).
ALTER TABLE imported_passwords DROP CONSTRAINT imported_passwords_scheme_check;
ALTER TABLE imported_passwords ADD CONSTRAINT imported_passwords_scheme_check CHECK (scheme IN (
    'argon2id', 'argon2i', 'bcrypt', 'sha512crypt', 'sha256crypt', 'yescrypt', 'md5crypt', 'apr1', 'sha1'));
