/* image_reader_fuzz.cpp: libFuzzer target feeding decoded fuzzer bytes to one vision reader. */
// Bytes are decoded as PNG/JPEG through the same size-checked path the program uses; bytes that do
// not decode are also tried as raw pixels (a small BGR image whose size comes from the first bytes),
// so the reader itself sees arbitrary images, not just the rare valid PNG.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "capture/frame_source.hpp"
#include "vision/registry.hpp"

namespace {

// fuzz/CMakeLists.txt makes one target per entry of PB_READERS, so a reader added there (and to
// vision/registry.cpp, under the same game name) is fuzzed without touching this file.
const pb::vision::Reader& reader() {
  static const pb::vision::Reader* r = pb::vision::find_reader(PB_FUZZ_READER);
  if (r == nullptr) {
    std::fprintf(stderr, "fuzz_image_%s: vision/registry.cpp has no reader for game '%s' (known: %s)\n",
                 PB_FUZZ_READER, PB_FUZZ_READER, pb::vision::reader_names().c_str());
    std::abort();
  }
  return *r;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<unsigned char> bytes(data, data + size);
  cv::Mat image;
  if (auto decoded = pb::capture::decode_image(bytes, "fuzz"); decoded) {
    image = *decoded;
  } else if (decoded.error().is(pb::ErrorCode::kInternal)) {  // the codecs module did not load: fuzz nothing silently
    std::fprintf(stderr, "fuzz_image_%s: %s\n", PB_FUZZ_READER, decoded.error().message.c_str());
    std::abort();
  } else if (size > 4) {
    int w = 8 + (data[0] | (data[1] << 8)) % 700;
    int h = 8 + (data[2] | (data[3] << 8)) % 1300;
    image = cv::Mat(h, w, CV_8UC3, cv::Scalar(249, 249, 249));
    std::size_t n = std::min<std::size_t>(size - 4, image.total() * 3);
    std::copy(data + 4, data + 4 + n, image.data);
  } else {
    return 0;
  }
  pb::vision::ReadOptions options;
  auto got = reader().read(image, options);
  if (got) {
    (void)(*got)->format();
    (void)(*got)->annotate(image);
  }
  return 0;
}
