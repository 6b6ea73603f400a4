/* profile_fuzz.cpp: libFuzzer target for the device profile (YAML) reader. */
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "calibration/profile.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto p = pb::calibration::parse_profile(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz");
  if (p) (void)p->frame_to_input.map({1, 1, p->screen});
  return 0;
}
