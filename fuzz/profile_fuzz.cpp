/* profile_fuzz.cpp: libFuzzer target for device profiles (YAML): the profile fields, then every
 * reader's Params node read through the same path `--profile` takes. */
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <opencv2/core.hpp>
#include <string>
#include <string_view>

#include "calibration/profile.hpp"
#include "vision/registry.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto p = pb::calibration::parse_profile(text, "fuzz");
  if (p) (void)p->frame_to_input.map({1, 1, p->screen});
  if (!pb::calibration::check_profile_text(text, "fuzz")) return 0;

  // Readers take the profile as a file. A tiny blank frame: each loads its Params, then refuses.
  static const std::string path =
      (std::filesystem::temp_directory_path() / ("pb-fuzz-profile-" + std::to_string(::getpid()) + ".yml")).string();
  std::ofstream(path, std::ios::binary | std::ios::trunc).write(text.data(), static_cast<std::streamsize>(size));
  static const cv::Mat blank(16, 16, CV_8UC3, cv::Scalar(255, 255, 255));
  pb::vision::ReadOptions options;
  options.profile_path = path;
  for (const pb::vision::Reader* reader : pb::vision::readers()) (void)reader->read(blank, options);
  return 0;
}
