// A count of heap allocations in this process, for `fling bench` (allocations per frame).
#pragma once
#include <stdint.h>

/// Calls to malloc, calloc, realloc, posix_memalign, aligned_alloc and memalign so far.
uint64_t fling_alloc_count(void);

/// Gives the heap's free pages back to the system (glibc's malloc_trim; nothing elsewhere):
/// called when the app goes idle, after its caches shrank.
void fling_heap_release(void);

/// Sets the heap up for frame-sized buffers: every block of 256 KB or more gets
/// pages of its own (mmap) and gives them back when freed, instead of glibc's threshold
/// that grows with each large free until layer and photo buffers stay resident for good.
void fling_heap_configure(void);
