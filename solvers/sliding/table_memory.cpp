/* table_memory.cpp: HugeBuffer, zeroed table memory on 2 MiB pages (table_memory.hpp). */
#include "solvers/sliding/table_memory.hpp"

#include <sys/mman.h>

#include <cstdint>
#include <utility>

namespace pb::solvers::sliding {
namespace {

constexpr std::uint64_t kHuge = kHugePage;

}  // namespace

HugeBuffer::HugeBuffer(std::uint64_t bytes) : bytes_(bytes) {
  if (bytes == 0) return;
  // One huge page more than needed, so that a 2 MiB-aligned start lies inside the mapping (the
  // kernel only backs aligned ranges with huge pages).
  map_bytes_ = (bytes + kHuge - 1) / kHuge * kHuge + kHuge;
  void* p = ::mmap(nullptr, map_bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) {
    map_bytes_ = 0;
    return;  // ok() false
  }
  base_ = static_cast<std::uint8_t*>(p);
  const auto addr = reinterpret_cast<std::uintptr_t>(base_);
  data_ = base_ + ((kHuge - addr % kHuge) % kHuge);
  ::madvise(data_, (bytes + kHuge - 1) / kHuge * kHuge, MADV_HUGEPAGE);  // advice only
}

HugeBuffer::~HugeBuffer() {
  if (base_ != nullptr) ::munmap(base_, map_bytes_);
}

void HugeBuffer::swap(HugeBuffer& o) noexcept {
  std::swap(base_, o.base_);
  std::swap(data_, o.data_);
  std::swap(bytes_, o.bytes_);
  std::swap(map_bytes_, o.map_bytes_);
}

}  // namespace pb::solvers::sliding
