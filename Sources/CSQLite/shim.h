#pragma once
#include <sqlite3.h>

/* sqlite3_config is variadic, which Swift cannot call: the one setting Latchkey makes, wrapped. */
static inline int latchkey_sqlite3_config_memstatus(int on) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, on);
}
