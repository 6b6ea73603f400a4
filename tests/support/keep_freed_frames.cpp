/* keep_freed_frames.cpp: every test program's allocator set as puzzlebot's main sets it (core/allocator.hpp). */
#include "core/allocator.hpp"

namespace {

// Before main, so GoogleTest's own allocations and every test see the same heap as the program.
[[maybe_unused]] const bool kKept = (pb::keep_freed_frames(), true);

}  // namespace
