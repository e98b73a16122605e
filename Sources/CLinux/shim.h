#pragma once
#include <sys/prctl.h>

/* prctl(2) is variadic, which Swift does not import: one fixed-argument call per use. */

/* Not dumpable: no core file, and no ptrace or /proc/PID/mem by other processes of the same user. */
static inline int latchkey_set_not_dumpable(void) {
    return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
}

/* The calling thread's name as the kernel shows it (top, /proc/PID/task/TID/comm): 15 bytes at most. */
static inline int latchkey_set_thread_name(const char *name) {
    return prctl(PR_SET_NAME, (unsigned long)name, 0, 0, 0);
}
