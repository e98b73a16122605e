#include "raw.h"
#include <sodium.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

void raw_sha256(const void *bytes, size_t length, unsigned char out[32]) {
    crypto_hash_sha256(out, bytes, length);
}

void raw_token_text(int64_t index, char out[47]) {
    char seed[64];
    int n = snprintf(seed, sizeof seed, "bench-token-%lld", (long long)index);
    unsigned char random[32];
    crypto_hash_sha256(random, (const unsigned char *)seed, (unsigned long long)n);
    memcpy(out, "lk_", 3);
    sodium_bin2base64(out + 3, 44, random, 32, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
}

int raw_populate(const char *path, int64_t count, const char *hash, int64_t now) {
    if (sodium_init() < 0) return SQLITE_ERROR;
    sqlite3 *db;
    int rc = sqlite3_open(path, &db);
    if (rc != SQLITE_OK) return rc;
    sqlite3_exec(db, "PRAGMA synchronous = OFF; BEGIN", 0, 0, 0);
    sqlite3_stmt *user, *session;
    sqlite3_prepare_v2(db,
        "INSERT INTO users (id, username, username_key, phone, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        -1, &user, 0);
    if (!user) {
        sqlite3_prepare_v2(db,
            "INSERT INTO users (id, username, phone, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
            -1, &user, 0);
    }
    sqlite3_prepare_v2(db,
        "INSERT INTO sessions (user_id, token_hash, created_at, expires_at, last_used_at, label) VALUES (?, ?, ?, ?, ?, 'bench')",
        -1, &session, 0);
    if (!user || !session) { sqlite3_close(db); return SQLITE_ERROR; }
    int columns = sqlite3_bind_parameter_count(user);
    for (int64_t i = 1; i <= count && rc == SQLITE_OK; i++) {
        char name[32], phone[32], token[47];
        snprintf(name, sizeof name, "user%07lld", (long long)i);
        snprintf(phone, sizeof phone, "+7912%07lld", (long long)(i % 10000000));
        int p = 1;
        sqlite3_bind_int64(user, p++, i);
        sqlite3_bind_text(user, p++, name, -1, SQLITE_STATIC);
        if (columns == 7) sqlite3_bind_text(user, p++, name, -1, SQLITE_STATIC);
        sqlite3_bind_text(user, p++, phone, -1, SQLITE_STATIC);
        sqlite3_bind_text(user, p++, hash, -1, SQLITE_STATIC);
        sqlite3_bind_int64(user, p++, now);
        sqlite3_bind_int64(user, p++, now);
        if (sqlite3_step(user) != SQLITE_DONE) rc = SQLITE_ERROR;
        sqlite3_reset(user);
        raw_token_text(i, token);
        unsigned char digest[32];
        crypto_hash_sha256(digest, (const unsigned char *)token, strlen(token));
        sqlite3_bind_int64(session, 1, i);
        sqlite3_bind_blob(session, 2, digest, 32, SQLITE_STATIC);
        sqlite3_bind_int64(session, 3, now);
        sqlite3_bind_int64(session, 4, now + 30 * 86400);
        sqlite3_bind_int64(session, 5, now);
        if (sqlite3_step(session) != SQLITE_DONE) rc = SQLITE_ERROR;
        sqlite3_reset(session);
    }
    sqlite3_finalize(user);
    sqlite3_finalize(session);
    sqlite3_exec(db, rc == SQLITE_OK ? "COMMIT" : "ROLLBACK", 0, 0, 0);
    // Fold the WAL into the file, so the size counts and readers start clean.
    sqlite3_exec(db, "PRAGMA wal_checkpoint(TRUNCATE)", 0, 0, 0);
    sqlite3_close(db);
    return rc;
}

struct raw_whoami {
    sqlite3 *db;
    sqlite3_stmt *begin, *query, *commit;
};

raw_whoami *raw_whoami_open(const char *path) {
    if (sodium_init() < 0) return NULL;
    raw_whoami *w = calloc(1, sizeof *w);
    if (sqlite3_open_v2(path, &w->db, SQLITE_OPEN_READONLY, 0) != SQLITE_OK) { free(w); return NULL; }
    sqlite3_prepare_v3(w->db, "BEGIN", -1, SQLITE_PREPARE_PERSISTENT, &w->begin, 0);
    sqlite3_prepare_v3(w->db, "COMMIT", -1, SQLITE_PREPARE_PERSISTENT, &w->commit, 0);
    sqlite3_prepare_v3(w->db,
        "SELECT users.id, users.username, users.email, users.phone, users.display_name, users.created_at, "
        "users.last_login_at, users.password_hash, users.disabled_at, sessions.id, sessions.created_at, "
        "sessions.expires_at, sessions.last_used_at, sessions.revoked_at, sessions.previous_login_at, sessions.label, "
        "users.password_change_required, sessions.token_hash, "
        /* What Latchkey's whoami reads besides: the roles and the second factor's state, in the same statement. */
        "(SELECT group_concat(role, ',') FROM (SELECT role FROM user_roles WHERE user_id = users.id ORDER BY role)), "
        "(SELECT enabled_at IS NOT NULL FROM second_factors WHERE user_id = users.id), "
        "(SELECT count(*) FROM recovery_codes WHERE user_id = users.id AND used_at IS NULL) "
        "FROM sessions JOIN users ON users.id = sessions.user_id WHERE sessions.token_hash = ?",
        -1, SQLITE_PREPARE_PERSISTENT, &w->query, 0);
    return w;
}

void raw_whoami_close(raw_whoami *w) {
    sqlite3_finalize(w->begin);
    sqlite3_finalize(w->query);
    sqlite3_finalize(w->commit);
    sqlite3_close(w->db);
    free(w);
}

int raw_whoami_run(raw_whoami *w, const char *token) {
    unsigned char digest[32];
    crypto_hash_sha256(digest, (const unsigned char *)token, strlen(token));
    sqlite3_step(w->begin);
    sqlite3_reset(w->begin);
    sqlite3_bind_blob(w->query, 1, digest, 32, SQLITE_STATIC);
    int found = 0;
    int rc = sqlite3_step(w->query);
    if (rc == SQLITE_ROW) {
        found = 1;
        volatile int64_t sink = 0;
        for (int c = 0; c < 21; c++) {
            if (sqlite3_column_type(w->query, c) == SQLITE_TEXT) sink += sqlite3_column_bytes(w->query, c);
            else sink += sqlite3_column_int64(w->query, c);
        }
        (void)sink;
    } else if (rc != SQLITE_DONE) {
        found = -1;
    }
    sqlite3_reset(w->query);
    sqlite3_clear_bindings(w->query);
    sqlite3_step(w->commit);
    sqlite3_reset(w->commit);
    return found;
}
