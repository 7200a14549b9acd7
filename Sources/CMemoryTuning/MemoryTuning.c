#include "CMemoryTuning.h"

// Any C library header defines __GLIBC__ on glibc, which tells whether <malloc.h> has mallopt.
#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

void slam_keep_freed_memory(int map_threshold, int trim_threshold) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, map_threshold);
    mallopt(M_TRIM_THRESHOLD, trim_threshold);
    // Grown and trimmed by as much, so a thread's heap keeps room for the next large reply too.
    mallopt(M_TOP_PAD, trim_threshold);
#else
    (void)map_threshold;
    (void)trim_threshold;
#endif
}
