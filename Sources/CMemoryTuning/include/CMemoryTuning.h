#ifndef C_MEMORY_TUNING_H
#define C_MEMORY_TUNING_H

/// Has the C allocator serve blocks below `map_threshold` bytes from the heap and keep freed
/// memory up to `trim_threshold` bytes with the process, instead of mapping every large block
/// afresh and unmapping it when freed (glibc's M_MMAP_THRESHOLD and M_TRIM_THRESHOLD, which
/// Swift cannot import). Does nothing with another C library.
void slam_keep_freed_memory(int map_threshold, int trim_threshold);

#endif
