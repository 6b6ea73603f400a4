/* image_codecs.cpp: the codecs module's four functions, looked up once. */
#include "platform/image_codecs.hpp"

#include <cstddef>
#include <type_traits>

#include "platform/codecs_abi.hpp"
#include "platform/plugin.hpp"

namespace pb::platform::codecs {
namespace {

struct Module {
  PbCodecsDecode* decode = nullptr;
  PbCodecsRead* read = nullptr;
  PbCodecsWrite* write = nullptr;
  PbCodecsEncode* encode = nullptr;
};

Result<Module> load() {
  static const Result<Module> loaded = []() -> Result<Module> {
    auto module = load_plugin("codecs");
    if (!module) return make_error(ErrorCode::kInternal, "cannot read or write images: " + module.error().message);
    Module m;
    auto find = [&](const char* symbol, auto*& fn) -> bool {
      auto p = plugin_symbol(*module, "codecs", symbol);
      if (p) fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(*p);
      return p.ok();
    };
    if (!find("pb_codecs_decode", m.decode) || !find("pb_codecs_read", m.read) || !find("pb_codecs_write", m.write) ||
        !find("pb_codecs_encode", m.encode))
      return make_error(ErrorCode::kInternal, "puzzlebot-codecs.so is incomplete: rebuild (scripts/setup.sh)");
    return m;
  }();
  return loaded;
}

}  // namespace

Result<cv::Mat> decode(const std::vector<unsigned char>& bytes, int flags) {
  auto m = load();
  if (!m) return m.error();
  cv::Mat out;
  std::string error;
  if (!m->decode(bytes.data(), bytes.size(), flags, &out, &error)) return make_error(error);
  return out;
}

Result<cv::Mat> read(const std::string& path, int flags) {
  auto m = load();
  if (!m) return m.error();
  cv::Mat out;
  std::string error;
  if (!m->read(path.c_str(), flags, &out, &error)) return make_error(error);
  return out;
}

Result<void> write(const std::string& path, const cv::Mat& image, const std::vector<int>& params) {
  auto m = load();
  if (!m) return m.error();
  std::string error;
  if (!m->write(path.c_str(), &image, params.data(), params.size(), &error)) return make_error(error);
  return {};
}

Result<std::vector<unsigned char>> encode(const std::string& ext, const cv::Mat& image, const std::vector<int>& params) {
  auto m = load();
  if (!m) return m.error();
  std::vector<unsigned char> out;
  std::string error;
  if (!m->encode(ext.c_str(), &image, params.data(), params.size(), &out, &error)) return make_error(error);
  return out;
}

}  // namespace pb::platform::codecs
