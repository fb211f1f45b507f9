// HeapRelease: the heap's large blocks in pages of their own (fling_heap_configure, at start),
// and its free pages handed back to the system once the app's caches shrank (the windowed loop
// going idle). glibc keeps freed memory in its arenas otherwise: 16–37 MB
// of freed layer and photo buffers stayed resident after a tour at 1080×1920, against a
// budget of 100 MB resident.
#include "AllocCounter.h"
#if defined(__GLIBC__)
#include <malloc.h>
void fling_heap_release(void) { malloc_trim(0); }
void fling_heap_configure(void) {
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
    mallopt(M_TRIM_THRESHOLD, 1024 * 1024);
}
#else
void fling_heap_release(void) {}
void fling_heap_configure(void) {}
#endif
