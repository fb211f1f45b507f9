// AllocCounter: interposes the C allocator in the `fling` executable to count allocations
// (shared libraries, the Swift runtime and SDL included). glibc exports its allocator under
// __libc_* names, so each wrapper is one relaxed atomic increment and a direct call: no
// dlsym, no recursion, no measurable cost. Used by `fling bench` (allocs_per_frame).
#include <stddef.h>
#include <stdint.h>
#include <errno.h>
#include "AllocCounter.h"

#if defined(__GLIBC__) || defined(__linux__)
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static uint64_t count;

static inline void bump(void) { __atomic_fetch_add(&count, 1, __ATOMIC_RELAXED); }

uint64_t fling_alloc_count(void) { return __atomic_load_n(&count, __ATOMIC_RELAXED); }

void *malloc(size_t n) { bump(); return __libc_malloc(n); }
void *calloc(size_t n, size_t s) { bump(); return __libc_calloc(n, s); }
void *realloc(void *p, size_t n) { bump(); return __libc_realloc(p, n); }
void *memalign(size_t a, size_t n) { bump(); return __libc_memalign(a, n); }
void *aligned_alloc(size_t a, size_t n) { bump(); return __libc_memalign(a, n); }
int posix_memalign(void **out, size_t a, size_t n) {
    bump();
    if (a < sizeof(void *) || (a & (a - 1)) != 0) return EINVAL;
    void *p = __libc_memalign(a, n);
    if (!p && n) return ENOMEM;
    *out = p;
    return 0;
}
#else
uint64_t fling_alloc_count(void) { return 0; }
#endif
