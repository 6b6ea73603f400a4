/* ocr.cpp: recognise() through puzzlebot-ocr.so, loaded the first time text is read (platform/plugin.hpp). */
#include "vision/common/ocr.hpp"

#include "platform/plugin.hpp"
#include "vision/common/ocr_abi.hpp"

namespace pb::vision::ocr {

Result<Text> recognise(const cv::Mat& binary, Layout layout, const std::string& whitelist) {
  static const Result<PbOcrRecognise*> entry = []() -> Result<PbOcrRecognise*> {
    auto module = platform::load_plugin("ocr");
    if (!module) return make_error(ErrorCode::kInternal, "cannot read text: " + module.error().message);
    auto symbol = platform::plugin_symbol(*module, "ocr", "pb_ocr_recognise");
    if (!symbol) return make_error(ErrorCode::kInternal, symbol.error().message);
    return reinterpret_cast<PbOcrRecognise*>(*symbol);
  }();
  if (!entry) return entry.error();
  Text out;
  std::string error;
  if (!(*entry)(&binary, static_cast<int>(layout), whitelist.c_str(), &out, &error)) return make_error(error);
  return out;
}

}  // namespace pb::vision::ocr
