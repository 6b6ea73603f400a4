/* allocator.hpp: keep_freed_frames(): freed frame-sized blocks kept for the next frame, not returned to the kernel. */
#pragma once

// Every read allocates and frees frame-sized images by the dozen (a 1080x1920 BGR frame is 6 MB,
// its masks and float planes as much again). glibc serves a block above its mmap threshold (128 KB
// at start, raised as such blocks are freed, up to 32 MB) with a fresh mmap and unmaps it when it is
// freed, and gives the top of the heap back past its trim threshold: each new image then costs a
// page fault per 4 KB as it is first written. Measured on the readers' tests (Release): a quarter
// to half of their time was page faults, and the sliding reader took 1.1 s to refuse a browser
// Hanoi screenshot instead of 0.7 (docs/PERFORMANCE.md). With both thresholds fixed high, freed images stay in the
// heap and the next frame's reuse them; the heap's peak stays what the largest read needs.
// Call once, first thing in main (puzzlebot, and every test program through tests/support).
// Elsewhere than glibc (musl, the sanitizers' own allocators) it does nothing.

#include <cstdlib>  // defines __GLIBC__ where it is glibc
#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace pb {

inline void keep_freed_frames() {
#if defined(__GLIBC__)
  constexpr int kLargestMapped = 32 << 20;  // glibc's own ceiling for the mmap threshold (64-bit)
  constexpr int kKeptOnTop = 128 << 20;      // heap top kept rather than trimmed
  ::mallopt(M_MMAP_THRESHOLD, kLargestMapped);
  ::mallopt(M_TRIM_THRESHOLD, kKeptOnTop);
#endif
}

}  // namespace pb
