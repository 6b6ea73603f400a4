/* table_memory.hpp: the sliding tables' memory on 2 MiB pages: pdb78's arrays and PatternDb's sparse table. */
#pragma once

// The searches read their tables at random, one miss a lookup: on 4 KiB pages each read would
// also miss the TLB (the 6-6-3 sparse table is 2,048 such pages, as many as the L2 TLB holds;
// measured 10% less search time on 2 MiB pages), and the 7-8 tables are 290 MB. The big builds'
// arrays (pdb78.cpp) live here too: anonymous pages cost nothing until touched.
//
// Two forms, both 2 MiB-aligned and marked MADV_HUGEPAGE: HugeBuffer (an anonymous mapping, zero
// and free until touched: pdb78's build arrays and loaded tables) and HugePageAllocator (through
// aligned_alloc, for PatternDb's sparse table). Tried: the sparse table in a HugeBuffer too (the
// same huge pages per /proc/PID/smaps): the 6-6-3 search on Korf's 100 took 3.9-4.4 s CPU against
// 3.2-3.9 s, alternated runs at load 11-12, 2026-11-27; cause not found, so it stays as it was.

#include <sys/mman.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>

namespace pb::solvers::sliding {

inline constexpr std::size_t kHugePage = std::size_t{2} << 20;

// Zeroed memory on 2 MiB pages where the kernel grants them (an anonymous mmap aligned by hand and
// marked MADV_HUGEPAGE, honoured by transparent huge pages in their usual "madvise" mode; where
// refused, ordinary pages). Fresh anonymous pages are zero, so a 1 GB array costs nothing until
// touched. Move-only; empty when the mapping failed (ok() false) or 0 bytes were asked.
class HugeBuffer {
 public:
  HugeBuffer() = default;
  explicit HugeBuffer(std::uint64_t bytes);
  HugeBuffer(HugeBuffer&& o) noexcept { swap(o); }
  HugeBuffer& operator=(HugeBuffer&& o) noexcept {
    HugeBuffer tmp(static_cast<HugeBuffer&&>(o));
    swap(tmp);
    return *this;
  }
  HugeBuffer(const HugeBuffer&) = delete;
  HugeBuffer& operator=(const HugeBuffer&) = delete;
  ~HugeBuffer();

  bool ok() const { return data_ != nullptr || bytes_ == 0; }
  bool empty() const { return data_ == nullptr; }
  std::uint64_t size() const { return bytes_; }
  std::uint8_t* data() const { return data_; }
  template <class T>
  T* as() const { return reinterpret_cast<T*>(data_); }

 private:
  void swap(HugeBuffer& o) noexcept;
  std::uint8_t* base_ = nullptr;
  std::uint8_t* data_ = nullptr;
  std::uint64_t bytes_ = 0, map_bytes_ = 0;
};

// Allocator for the search's biggest table: 2 MiB-aligned and marked MADV_HUGEPAGE (honoured by
// transparent huge pages in their usual "madvise" mode), so that its random reads do not also
// miss the TLB: the 8.4 MB sparse table is 2,048 pages of 4 KiB, as many as the L2 TLB holds
// (measured: 10% less search time on Korf's instances).
template <class T>
struct HugePageAllocator {
  using value_type = T;
  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) {}
  T* allocate(std::size_t n) {
    const std::size_t bytes = (n * sizeof(T) + kHugePage - 1) / kHugePage * kHugePage;
    void* p = std::aligned_alloc(kHugePage, bytes);
    if (p == nullptr) throw std::bad_alloc();
    ::madvise(p, bytes, MADV_HUGEPAGE);  // advice only: where refused, ordinary pages
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t) { std::free(p); }
  template <class U>
  bool operator==(const HugePageAllocator<U>&) const { return true; }
};

}  // namespace pb::solvers::sliding
