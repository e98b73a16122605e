#pragma once
#include <stddef.h>
#include <stdint.h>
#include <sqlite3.h>

/// The token text of bench user `index` ("lk_" + 43 base64url characters and a NUL: 47 bytes).
void raw_token_text(int64_t index, char out[47]);

/// SHA-256 of `length` bytes.
void raw_sha256(const void *bytes, size_t length, unsigned char out[32]);

/// Inserts `count` users (password hash `hash`, one session each) into a migrated database, in one
/// transaction. Returns SQLITE_OK or an error code.
int raw_populate(const char *path, int64_t count, const char *hash, int64_t now);

/// A read-only connection with the whoami statement prepared once.
typedef struct raw_whoami raw_whoami;
raw_whoami *raw_whoami_open(const char *path);
void raw_whoami_close(raw_whoami *);
/// Hashes the token, runs the session + user JOIN in a read transaction, reads every column.
/// Returns 1 when found, 0 when not, -1 on error.
int raw_whoami_run(raw_whoami *, const char *token);
