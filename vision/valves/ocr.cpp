/* ocr.cpp (valves): thread-local Tesseract engines (LSTM, English data from the system's tessdata). */
#include "vision/valves/ocr.hpp"

#include <tesseract/baseapi.h>
#include <tesseract/resultiterator.h>

#include <algorithm>
#include <cctype>
#include <memory>

namespace pb::vision::valves {
namespace {

// The crops we pass are scaled so digits are ~40 px high; at 300 "dpi" that is ~10 pt text, the size
// the LSTM model was trained on. Without a resolution Tesseract warns on stderr and guesses 70.
constexpr int kAssumedDpi = 300;

struct Engine {
  tesseract::TessBaseAPI api;
  bool ready = false;
  std::string failure;
};

Engine& engine() {
  thread_local std::unique_ptr<Engine> e;
  if (!e) {
    e = std::make_unique<Engine>();
    // Quiet: Tesseract writes its debug chatter to stderr unless told otherwise.
    e->api.SetVariable("debug_file", "/dev/null");
    if (e->api.Init(nullptr, "eng", tesseract::OEM_LSTM_ONLY) != 0)
      e->failure = "Tesseract could not load its English data (install tesseract-ocr-eng, or set TESSDATA_PREFIX)";
    else
      e->ready = true;
  }
  return *e;
}

std::string trim(const char* raw) {
  std::string s = raw != nullptr ? raw : "";
  auto not_space = [](unsigned char c) { return !std::isspace(c); };
  s.erase(s.begin(), std::find_if(s.begin(), s.end(), not_space));
  s.erase(std::find_if(s.rbegin(), s.rend(), not_space).base(), s.end());
  return s;
}

}  // namespace

Result<OcrText> recognise(const cv::Mat& binary, Layout layout, const std::string& whitelist) {
  Engine& e = engine();
  if (!e.ready) return make_error(e.failure);
  if (binary.empty() || binary.type() != CV_8UC1) return make_error("OCR needs a non-empty 8-bit grey image");
  cv::Mat img = binary.isContinuous() ? binary : binary.clone();

  tesseract::TessBaseAPI& api = e.api;
  api.SetPageSegMode(static_cast<tesseract::PageSegMode>(layout));
  api.SetVariable("tessedit_char_whitelist", whitelist.c_str());
  api.SetImage(img.data, img.cols, img.rows, 1, static_cast<int>(img.step));
  api.SetSourceResolution(kAssumedDpi);

  OcrText out;
  std::unique_ptr<char[]> text(api.GetUTF8Text());
  out.text = trim(text.get());
  out.mean_confidence = static_cast<float>(api.MeanTextConf());
  // The weakest symbol decides: a two-digit number with one doubtful digit is doubtful.
  float lowest = 100;
  bool any = false;
  std::unique_ptr<tesseract::ResultIterator> it(api.GetIterator());
  if (it) {
    do {
      std::unique_ptr<char[]> sym(it->GetUTF8Text(tesseract::RIL_SYMBOL));
      if (!sym || trim(sym.get()).empty()) continue;
      lowest = std::min(lowest, it->Confidence(tesseract::RIL_SYMBOL));
      any = true;
    } while (it->Next(tesseract::RIL_SYMBOL));
  }
  out.min_confidence = any ? lowest : 0;
  api.Clear();
  return out;
}

}  // namespace pb::vision::valves
