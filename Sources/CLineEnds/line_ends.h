#ifndef AASA_SCAN_LINE_ENDS_H
#define AASA_SCAN_LINE_ENDS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* line_ends_record(bytes, count, ends, capacity) counts the `\n` bytes of `bytes[0..<count]`
   and records where the first `capacity` of them are, each as `offset << 1`, plus 1 when a
   `\r` stands right before it (offsets below 2^31). It returns the number of `\n` bytes,
   recorded or not. */

/* One entry of `ends`: the offset of a `\n`, and whether a `\r` precedes it within the buffer. */
static inline uint32_t line_ends_entry(const uint8_t *bytes, size_t offset) {
    uint32_t carriage_return = offset > 0 && bytes[offset - 1] == '\r';
    return (uint32_t)offset << 1 | carriage_return;
}

/* The plain way: one `memchr` per line. */
static inline size_t line_ends_by_search(
    const uint8_t *bytes, size_t count, uint32_t *ends, size_t capacity
) {
    size_t total = 0;
    const uint8_t *cursor = bytes;
    const uint8_t *end = bytes + count;
    while (cursor < end) {
        const uint8_t *found = memchr(cursor, '\n', (size_t)(end - cursor));
        if (found == NULL) break;
        if (total < capacity) ends[total] = line_ends_entry(bytes, (size_t)(found - bytes));
        total++;
        cursor = found + 1;
    }
    return total;
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

/* 64 bytes at a time: the `\n`s of a block become the bits of a mask, read lowest first.
   Lines of a log are a few hundred bytes, so this spares a call and its set-up per line. */
__attribute__((target("avx2"))) static inline size_t line_ends_by_blocks(
    const uint8_t *bytes, size_t count, uint32_t *ends, size_t capacity
) {
    const __m256i newline = _mm256_set1_epi8('\n');
    size_t total = 0;
    size_t start = 0;
    for (; start + 64 <= count; start += 64) {
        __m256i low = _mm256_loadu_si256((const __m256i *)(bytes + start));
        __m256i high = _mm256_loadu_si256((const __m256i *)(bytes + start + 32));
        uint64_t mask = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(low, newline))
            | (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(high, newline)) << 32;
        while (mask != 0) {
            size_t offset = start + (size_t)__builtin_ctzll(mask);
            if (total < capacity) ends[total] = line_ends_entry(bytes, offset);
            total++;
            mask &= mask - 1;
        }
    }
    for (; start < count; start++) {
        if (bytes[start] != '\n') continue;
        if (total < capacity) ends[total] = line_ends_entry(bytes, start);
        total++;
    }
    return total;
}

static inline size_t line_ends_record(
    const uint8_t *bytes, size_t count, uint32_t *ends, size_t capacity
) {
    /* Asked once a chunk: the answer was read from the processor at start-up. */
    return __builtin_cpu_supports("avx2") ? line_ends_by_blocks(bytes, count, ends, capacity)
                                          : line_ends_by_search(bytes, count, ends, capacity);
}

#else

static inline size_t line_ends_record(
    const uint8_t *bytes, size_t count, uint32_t *ends, size_t capacity
) {
    return line_ends_by_search(bytes, count, ends, capacity);
}

#endif

#endif
