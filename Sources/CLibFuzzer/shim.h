// libFuzzer's driver, for a fuzz target that keeps its own main (libclang_rt.fuzzer_no_main, linked
// only by .ci/fuzz). A declaration only: a normal build never calls it.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
