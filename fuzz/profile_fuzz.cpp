/* profile_fuzz.cpp: libFuzzer target for device profiles (YAML): the profile fields, then every
 * reader's Params node read through the same path `--profile` takes. */
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <opencv2/core.hpp>
#include <string>
#include <string_view>

#include "calibration/profile.hpp"
#include "vision/registry.hpp"

namespace {

// Readers take the profile as a file: one per fuzzing process, removed when it exits. A plain
// array, so the exit handler never sees a destroyed string.
char g_path[256];

const char* profile_file() {
  if (g_path[0] == '\0') {
    const std::string p =
        (std::filesystem::temp_directory_path() / ("pb-fuzz-profile-" + std::to_string(::getpid()) + ".yml")).string();
    std::snprintf(g_path, sizeof g_path, "%s", p.c_str());
    std::atexit([] { std::remove(g_path); });
  }
  return g_path;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto p = pb::calibration::parse_profile(text, "fuzz");
  if (p) (void)p->frame_to_input.map({1, 1, p->screen});
  if (!pb::calibration::check_profile_text(text, "fuzz")) return 0;

  // A tiny blank frame: each reader loads its Params from the file, then refuses the picture.
  const char* path = profile_file();
  std::ofstream(path, std::ios::binary | std::ios::trunc).write(text.data(), static_cast<std::streamsize>(size));
  static const cv::Mat blank(16, 16, CV_8UC3, cv::Scalar(255, 255, 255));
  pb::vision::ReadOptions options;
  options.profile_path = path;
  for (const pb::vision::Reader* reader : pb::vision::readers()) (void)reader->read(blank, options);
  return 0;
}
