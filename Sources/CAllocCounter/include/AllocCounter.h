// A count of heap allocations in this process, for `fling bench` (allocations per frame).
#pragma once
#include <stdint.h>

/// Calls to malloc, calloc, realloc, posix_memalign, aligned_alloc and memalign so far.
uint64_t fling_alloc_count(void);
