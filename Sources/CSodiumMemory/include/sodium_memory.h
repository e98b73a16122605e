#pragma once
#include <stddef.h>
#include <stdint.h>

/// Argon2id through libsodium, in memory kept from an earlier hash of the same size instead of memory
/// mapped and unmapped (faulted in and zeroed by the kernel) for every hash, which costs about as much
/// as the hash itself. Up to one region per core is kept for each size. Returns libsodium's result.
int latchkey_argon2id_str(char out[128], const char *password, unsigned long long length,
                          unsigned long long iterations, size_t memory);

/// The same for libsodium's `crypto_pwhash_argon2id_str_verify`.
int latchkey_argon2id_str_verify(const char *hash, const char *password, unsigned long long length);

/// 1 when hashes on this process reuse their thread's memory, 0 when each maps its own (libsodium's
/// own behaviour: when the environment's LATCHKEY_HASH_MEMORY is `per-hash`, or when libsodium's
/// calls could not be redirected).
int latchkey_argon2id_reuses_memory(void);

/// The region the calling thread's last hash worked in (NULL before its first kept one), for tests.
const void *latchkey_argon2id_last_region(void);

/// How many regions of `size` bytes are kept now, for tests.
int latchkey_argon2id_kept_regions(size_t size);
