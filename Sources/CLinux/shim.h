#pragma once
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

/* prctl(2) is variadic, which Swift does not import: one fixed-argument call per use. */

/* Not dumpable: no core file, and no ptrace or /proc/PID/mem by other processes of the same user. */
static inline int latchkey_set_not_dumpable(void) {
    return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
}

/* The calling thread's name as the kernel shows it (top, /proc/PID/task/TID/comm): 15 bytes at most. */
static inline int latchkey_set_thread_name(const char *name) {
    return prctl(PR_SET_NAME, (unsigned long)name, 0, 0, 0);
}

/* Takes the lowest-numbered CPU out of the calling thread's affinity when the CPUs left can still run
   `computing` threads at once, so that CPU stays free of it: 0 when done, 1 when too few CPUs would be
   left (nothing changed), -1 on failure. Raw system calls: glibc's CPU_* macros need _GNU_SOURCE,
   which Swift's Glibc module was not built with. */
static inline int latchkey_leave_first_cpu(int computing) {
    unsigned long mask[16] = {0};
    long size = syscall(SYS_sched_getaffinity, 0, sizeof mask, mask);
    if (size <= 0) return -1;
    long words = size / (long)sizeof mask[0];
    int count = 0;
    for (long word = 0; word < words; word++) count += __builtin_popcountl(mask[word]);
    if (count < 2 || count - 1 < computing) return 1;
    for (long word = 0; word < words; word++) {
        if (mask[word] != 0) {
            mask[word] &= mask[word] - 1;
            break;
        }
    }
    return syscall(SYS_sched_setaffinity, 0, (size_t)size, mask) == 0 ? 0 : -1;
}
