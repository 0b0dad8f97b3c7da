#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

#include <stdint.h>

/// How many heap allocations (malloc, calloc, realloc, aligned variants) this process made
/// since it started; 0 on platforms where counting is not available.
uint64_t allocation_count(void);

/// Whether allocations are being counted on this platform.
int allocation_counting_available(void);

/// Bytes currently allocated from the heap, as glibc reports them; 0 where unavailable.
uint64_t heap_bytes_in_use(void);

#endif
