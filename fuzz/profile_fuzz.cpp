/* profile_fuzz.cpp: libFuzzer target for device profiles (YAML): the profile fields, then every
 * reader's Params node read through the same path `--profile` takes. */
#include <cstddef>
#include <cstdint>
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

  // A tiny blank frame: each reader loads its Params from the document, then refuses the picture.
  auto doc = pb::calibration::ProfileDoc::from_text(text, "fuzz");
  if (!doc) return 0;
  static const cv::Mat blank(16, 16, CV_8UC3, cv::Scalar(255, 255, 255));
  pb::vision::ReadOptions options;
  options.profile = *doc;
  for (const pb::vision::Reader* reader : pb::vision::readers()) (void)reader->read(blank, options);
  return 0;
}
