#ifndef FEEDSCROLL_HEAP_STATS_H
#define FEEDSCROLL_HEAP_STATS_H
#include <malloc.h>
#include <stddef.h>

/// Bytes glibc's allocator has handed out and not had back: arena chunks in use plus mmapped
/// blocks (mallinfo2, glibc 2.33+). Swift's Glibc module does not export malloc.h.
static inline size_t feedscroll_heap_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

#endif
