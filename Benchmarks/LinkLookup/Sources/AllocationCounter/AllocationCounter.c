// Counts heap allocations by interposing the allocator entry points on Linux with glibc:
// the executable's definitions win over libc's for every library in the process, and each
// forwards to glibc's own implementation. Elsewhere the counter stays at zero.
#include "AllocationCounter.h"

#if defined(__linux__) && defined(__GLIBC__)
#include <errno.h>
#include <malloc.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static uint64_t allocations;

static inline void count_one(void) { __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED); }

void *malloc(size_t size) {
    count_one();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    count_one();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    count_one();
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    count_one();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count_one();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    count_one();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

uint64_t allocation_count(void) { return __atomic_load_n(&allocations, __ATOMIC_RELAXED); }

int allocation_counting_available(void) { return 1; }

uint64_t heap_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return (uint64_t)info.uordblks + (uint64_t)info.hblkhd;
}
#else
uint64_t allocation_count(void) { return 0; }

int allocation_counting_available(void) { return 0; }

uint64_t heap_bytes_in_use(void) { return 0; }
#endif
