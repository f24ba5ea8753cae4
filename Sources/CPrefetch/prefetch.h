#ifndef AASA_SCAN_PREFETCH_H
#define AASA_SCAN_PREFETCH_H

/* Asks the processor to start loading the cache line at `address` (to be written soon), so
   a lookup issued a little later does not wait for memory. Only a hint: it never faults. */
static inline void prefetch_for_write(const void *address) {
    __builtin_prefetch(address, 1, 3);
}

/* The same for a line that will only be read. */
static inline void prefetch_for_read(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
