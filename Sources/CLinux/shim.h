#pragma once
#include <sys/prctl.h>

/* prctl(2) is variadic, which Swift does not import: one fixed-argument call per use. */

/* Not dumpable: no core file, and no ptrace or /proc/PID/mem by other processes of the same user. */
static inline int latchkey_set_not_dumpable(void) {
    return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
}
