// libFuzzer's entry for programs that keep their own main (the fuzz targets are SwiftPM
// executables, whose main SwiftPM renames): it reads the fuzzer's options from argv, then
// calls `callback` with each input.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*callback)(const uint8_t *data, size_t size));
