/* file_source.cpp: image files as frames, refusing corrupt or absurd images with a clear message. */
#include <array>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <opencv2/imgproc.hpp>
#include <vector>

#include "capture/frame_source.hpp"
#include "platform/image_codecs.hpp"

namespace pb::capture {
namespace {

// Reads width and height from a PNG or JPEG header without decoding (0,0 when not found).
cv::Size header_size(const std::vector<unsigned char>& b) {
  if (b.size() >= 24 && b[0] == 0x89 && b[1] == 'P' && b[2] == 'N' && b[3] == 'G') {
    auto be32 = [&](std::size_t i) {
      return (static_cast<long long>(b[i]) << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3];
    };
    long long w = be32(16), h = be32(20);
    return {static_cast<int>(std::min<long long>(w, 1LL << 30)), static_cast<int>(std::min<long long>(h, 1LL << 30))};
  }
  if (b.size() >= 4 && b[0] == 0xFF && b[1] == 0xD8) {
    std::size_t i = 2;
    while (i + 9 < b.size()) {
      if (b[i] != 0xFF) { ++i; continue; }
      unsigned char m = b[i + 1];
      if (m == 0xD8 || m == 0x01 || (m >= 0xD0 && m <= 0xD7) || m == 0xFF) { ++i; continue; }
      std::size_t len = (b[i + 2] << 8) | b[i + 3];
      if ((m >= 0xC0 && m <= 0xCF) && m != 0xC4 && m != 0xC8 && m != 0xCC)
        return {(b[i + 7] << 8) | b[i + 8], (b[i + 5] << 8) | b[i + 6]};
      i += 2 + len;
    }
  }
  return {0, 0};
}

std::uint32_t crc32(const unsigned char* data, std::size_t n) {
  static const auto table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t i = 0; i < 256; ++i) {
      std::uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[i] = c;
    }
    return t;
  }();
  std::uint32_t c = 0xFFFFFFFFu;
  for (std::size_t i = 0; i < n; ++i) c = table[(c ^ data[i]) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

// Checks a PNG's chunk structure and CRCs up to IEND. libpng reports such damage on stderr by
// itself before OpenCV returns; checking first keeps our one-line error the only line.
bool png_intact(const std::vector<unsigned char>& b) {
  std::size_t i = 8;
  while (i + 12 <= b.size()) {
    std::size_t len = (std::size_t{b[i]} << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3];
    if (len > b.size() - i - 12) return false;
    const unsigned char* type = &b[i + 4];
    std::uint32_t want = (std::uint32_t{b[i + 8 + len]} << 24) | (b[i + 9 + len] << 16) | (b[i + 10 + len] << 8) |
                         b[i + 11 + len];
    if (crc32(type, len + 4) != want) return false;
    if (type[0] == 'I' && type[1] == 'E' && type[2] == 'N' && type[3] == 'D') return true;
    i += 12 + len;
  }
  return false;
}

// A JPEG cut short has no end-of-image marker (FF D9) after its frame header.
bool jpeg_complete(const std::vector<unsigned char>& b) {
  for (std::size_t i = b.size(); i >= 2 && i + 4096 >= b.size(); --i)
    if (b[i - 2] == 0xFF && b[i - 1] == 0xD9) return true;
  return false;
}

}  // namespace

Result<cv::Mat> decode_image(const std::vector<unsigned char>& bytes, const std::string& name) {
  if (bytes.empty()) return make_error(name + " is empty (0 bytes): not an image");
  cv::Size s = header_size(bytes);
  // Only PNG and JPEG get as far as the decoder: for them we can check the size first. Other
  // formats (BMP, TIFF, PPM...) would let a forged header allocate gigabytes inside OpenCV.
  if (s.width <= 0 || s.height <= 0)
    return make_error(name + ": not a readable PNG or JPEG image (corrupt, truncated, or another format?)");
  if (s.width > kMaxImageSide || s.height > kMaxImageSide ||
      static_cast<long long>(s.width) * s.height > kMaxImagePixels)
    return make_error(name + ": image of " + std::to_string(s.width) + "x" + std::to_string(s.height) +
                      " pixels is larger than the limit (" + std::to_string(kMaxImageSide) +
                      " per side, 50 Mpx): scale it down");
  bool is_png = bytes[0] == 0x89;
  if (is_png ? !png_intact(bytes) : !jpeg_complete(bytes))
    return make_error(name + ": the " + std::string(is_png ? "PNG" : "JPEG") +
                      " image is truncated or corrupt: take the screenshot again");
  auto decoded = platform::codecs::decode(bytes, cv::IMREAD_COLOR);
  if (!decoded) {
    if (decoded.error().is(ErrorCode::kInternal)) return decoded.error();
    return make_error(name + ": cannot decode the image (" + decoded.error().message + "): is the file complete?");
  }
  cv::Mat image = std::move(*decoded);
  if (image.empty()) return make_error(name + ": not a readable PNG or JPEG image (corrupt or truncated?)");
  if (image.cols > kMaxImageSide || image.rows > kMaxImageSide ||
      static_cast<long long>(image.cols) * image.rows > kMaxImagePixels)
    return make_error(name + ": image larger than the limit (" + std::to_string(kMaxImageSide) +
                      " per side, 50 Mpx): scale it down");
  return image;
}

Result<cv::Mat> read_image_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return make_error("cannot open " + path + ": check the path and permissions");
  in.seekg(0, std::ios::end);
  auto size = static_cast<long long>(in.tellg());
  in.seekg(0);
  // A compressed image is far smaller than its pixels; past this it cannot be one we accept.
  if (size > kMaxImagePixels * 3) return make_error(path + ": file too large for a screenshot");
  std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return decode_image(bytes, path);
}

Result<Frame> FileSource::grab() {
  auto image = read_image_file(path_);
  if (!image) return image.error();
  Frame f;
  f.bgr = std::move(*image);
  f.screen_rect = cv::Rect(0, 0, f.bgr.cols, f.bgr.rows);
  f.taken = std::chrono::steady_clock::now();
  f.origin = path_;
  return f;
}

}  // namespace pb::capture
