// libsodium maps Argon2id's memory with mmap and unmaps it after every hash, and has no hook for a
// caller's memory. This file points libsodium's own references to mmap and munmap (its GOT entries,
// nothing else in the process) at two functions that lend a hash a region an earlier hash of the
// same size gave back. Outside a hash started here they pass every call through to what libsodium
// had before.
#define _GNU_SOURCE
#include "sodium_memory.h"

#include <elf.h>
#include <link.h>
#include <pthread.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

typedef void *(*mmap_function)(void *, size_t, int, int, int, off_t);
typedef int (*munmap_function)(void *, size_t);

static mmap_function original_mmap;
static munmap_function original_munmap;
static int redirected;
static pthread_once_t redirect_once = PTHREAD_ONCE_INIT;

// Regions smaller than this cost little to map afresh and are not kept.
#define SMALLEST_KEPT (1024 * 1024)
#define MOST_KEPT 64

struct region {
    void *start;
    size_t size;
};

// Regions no hash is using, for the next hash of their size: per size at most as many as the machine
// has cores (the hashes that can run at once), so memory stays what the busiest moment needed.
static pthread_mutex_t kept_lock = PTHREAD_MUTEX_INITIALIZER;
static struct region kept[MOST_KEPT];
static int kept_count;
static int kept_per_size;

// Set only around a hash started here: libsodium's other mappings pass through.
static __thread int hashing;
// The region lent to this thread's running hash; libsodium unmaps exactly this when it is done.
static __thread struct region lent;
static __thread const void *last_lent;

static void *reusing_mmap(void *address, size_t size, int protection, int flags, int descriptor, off_t offset) {
    if (!hashing || lent.start != NULL || address != NULL || descriptor != -1 || size < SMALLEST_KEPT
        || !(flags & MAP_ANONYMOUS) || !(flags & MAP_PRIVATE) || protection != (PROT_READ | PROT_WRITE)) {
        return original_mmap(address, size, protection, flags, descriptor, offset);
    }
    void *start = NULL;
    pthread_mutex_lock(&kept_lock);
    for (int index = kept_count - 1; index >= 0; index--) {
        if (kept[index].size == size) {
            start = kept[index].start;
            kept[index] = kept[--kept_count];
            break;
        }
    }
    pthread_mutex_unlock(&kept_lock);
    if (start == NULL) {
        start = original_mmap(NULL, size, protection, flags, -1, 0);
        if (start == MAP_FAILED) return MAP_FAILED;
        // Password-derived blocks stay in it between hashes: keep them out of core dumps.
        madvise(start, size, MADV_DONTDUMP);
    }
    lent.start = start;
    lent.size = size;
    last_lent = start;
    return start;
}

static int reusing_munmap(void *address, size_t size) {
    if (lent.start == NULL || address != lent.start || size != lent.size) return original_munmap(address, size);
    struct region returned = lent, evicted = {NULL, 0};
    lent.start = NULL;
    lent.size = 0;
    pthread_mutex_lock(&kept_lock);
    int same_size = 0;
    for (int index = 0; index < kept_count; index++) same_size += kept[index].size == returned.size;
    if (same_size < kept_per_size) {
        if (kept_count < MOST_KEPT) {
            kept[kept_count++] = returned;
            returned.start = NULL;
        } else {
            // Full of other sizes (parameters that changed): one of them makes room for this one.
            evicted = kept[0];
            kept[0] = returned;
            returned.start = NULL;
        }
    }
    pthread_mutex_unlock(&kept_lock);
    if (evicted.start != NULL) original_munmap(evicted.start, evicted.size);
    if (returned.start != NULL) return original_munmap(returned.start, returned.size);
    return 0;
}

/// Finds libsodium's relocations for mmap and munmap and points them here.
static int patch_object(struct dl_phdr_info *info, size_t size, void *unused) {
    (void)size;
    (void)unused;
    if (info->dlpi_name == NULL || strstr(info->dlpi_name, "libsodium.so") == NULL) return 0;
    const ElfW(Dyn) *dynamic = NULL;
    for (int index = 0; index < info->dlpi_phnum; index++) {
        if (info->dlpi_phdr[index].p_type == PT_DYNAMIC) {
            dynamic = (const ElfW(Dyn) *)(info->dlpi_addr + info->dlpi_phdr[index].p_vaddr);
        }
    }
    if (dynamic == NULL) return 1;
    const ElfW(Rela) *relocations = NULL;
    size_t relocations_size = 0;
    const ElfW(Sym) *symbols = NULL;
    const char *names = NULL;
    for (const ElfW(Dyn) *entry = dynamic; entry->d_tag != DT_NULL; entry++) {
        // The loader has already made these addresses absolute.
        switch (entry->d_tag) {
        case DT_JMPREL: relocations = (const ElfW(Rela) *)entry->d_un.d_ptr; break;
        case DT_PLTRELSZ: relocations_size = entry->d_un.d_val; break;
        case DT_SYMTAB: symbols = (const ElfW(Sym) *)entry->d_un.d_ptr; break;
        case DT_STRTAB: names = (const char *)entry->d_un.d_ptr; break;
        default: break;
        }
    }
    if (relocations == NULL || symbols == NULL || names == NULL) return 1;
    void **mmap_slot = NULL, **munmap_slot = NULL;
    for (size_t index = 0; index < relocations_size / sizeof *relocations; index++) {
        if (ELF64_R_TYPE(relocations[index].r_info) != R_X86_64_JUMP_SLOT) continue;
        const char *name = names + symbols[ELF64_R_SYM(relocations[index].r_info)].st_name;
        void **slot = (void **)(info->dlpi_addr + relocations[index].r_offset);
        if (strcmp(name, "mmap") == 0) mmap_slot = slot;
        if (strcmp(name, "munmap") == 0) munmap_slot = slot;
    }
    if (mmap_slot == NULL || munmap_slot == NULL) return 1;
    long page = sysconf(_SC_PAGESIZE);
    uintptr_t first = (uintptr_t)(mmap_slot < munmap_slot ? mmap_slot : munmap_slot) & ~(uintptr_t)(page - 1);
    uintptr_t last = ((uintptr_t)(mmap_slot < munmap_slot ? munmap_slot : mmap_slot) + sizeof(void *) + page - 1)
        & ~(uintptr_t)(page - 1);
    // The slots are read-only after loading (RELRO); open them for the two writes, then close them.
    if (mprotect((void *)first, last - first, PROT_READ | PROT_WRITE) != 0) return 1;
    original_mmap = (mmap_function)*mmap_slot;
    original_munmap = (munmap_function)*munmap_slot;
    __atomic_store_n(mmap_slot, (void *)reusing_mmap, __ATOMIC_SEQ_CST);
    __atomic_store_n(munmap_slot, (void *)reusing_munmap, __ATOMIC_SEQ_CST);
    mprotect((void *)first, last - first, PROT_READ);
    redirected = 1;
    return 1;
}

static void redirect(void) {
    const char *choice = getenv("LATCHKEY_HASH_MEMORY");
    if (choice != NULL && strcmp(choice, "per-hash") == 0) return;
    if (sodium_init() < 0) return;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    kept_per_size = cores < 1 ? 1 : cores > MOST_KEPT ? MOST_KEPT : (int)cores;
    dl_iterate_phdr(patch_object, NULL);
}

int latchkey_argon2id_reuses_memory(void) {
    pthread_once(&redirect_once, redirect);
    return redirected;
}

const void *latchkey_argon2id_last_region(void) { return last_lent; }

int latchkey_argon2id_kept_regions(size_t size) {
    int count = 0;
    pthread_mutex_lock(&kept_lock);
    for (int index = 0; index < kept_count; index++) count += kept[index].size == size;
    pthread_mutex_unlock(&kept_lock);
    return count;
}

int latchkey_argon2id_str(char out[128], const char *password, unsigned long long length,
                          unsigned long long iterations, size_t memory) {
    hashing = latchkey_argon2id_reuses_memory();
    int result = crypto_pwhash_argon2id_str(out, password, length, iterations, memory);
    hashing = 0;
    return result;
}

int latchkey_argon2id_str_verify(const char *hash, const char *password, unsigned long long length) {
    hashing = latchkey_argon2id_reuses_memory();
    int result = crypto_pwhash_argon2id_str_verify(hash, password, length);
    hashing = 0;
    return result;
}
