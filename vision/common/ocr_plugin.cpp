/* ocr_plugin.cpp: puzzlebot-ocr.so: thread-local Tesseract engines (LSTM, English data from the system's tessdata). */
// Loaded on first use by ocr.cpp (platform/plugin.hpp says why): the one place that links Tesseract.
#include "platform/plugin.hpp"
#include "vision/common/ocr.hpp"
#include "vision/common/ocr_abi.hpp"

#include <tesseract/baseapi.h>
#include <tesseract/resultiterator.h>

#include <algorithm>
#include <cctype>
#include <memory>

#include <dlfcn.h>  // dlsym: the OpenMP runtime Tesseract loaded, if any

namespace pb::vision::ocr {
namespace {

// The crops we pass are scaled so text is ~40 px high; at 300 "dpi" that is ~10 pt text, the size
// the LSTM model was trained on. Without a resolution Tesseract warns on stderr and guesses 70.
constexpr int kAssumedDpi = 300;

struct Engine {
  tesseract::TessBaseAPI api;
  bool ready = false;
  std::string failure;
};

// Tesseract built with OpenMP (Debian's is) opens a team of up to four threads at every LSTM time
// step. Our crops are a few letters wide, so each call is hundreds of tiny parallel regions whose
// threads spin between them: on a 2-core machine shared with anything else that costs 3-8x the
// single-thread time (a valves read: 300-800 ms of CPU against 86-120 ms, docs/PERFORMANCE.md).
// OMP_THREAD_LIMIT=1 cures it but is read when the OpenMP runtime loads, before main; allowing no
// active parallel level (every region then runs on the thread that enters it) does the same from
// here, whoever starts the program. Readers that want parallelism run on several threads instead
// (`solve FOLDER`). The runtime is looked up, not linked: it is whichever Tesseract brought (libgomp
// on Debian), and a Tesseract built without OpenMP brings none.
// This module is loaded with RTLD_LOCAL, so the runtime is found through the module's own handle
// (which searches its dependencies), not in the program's global scope.
void serialise_openmp() {
  using SetLevels = void (*)(int);
  void* scope = RTLD_DEFAULT;
  Dl_info self{};
  if (::dladdr(reinterpret_cast<void*>(&serialise_openmp), &self) != 0 && self.dli_fname != nullptr)
    if (void* handle = ::dlopen(self.dli_fname, RTLD_NOW | RTLD_NOLOAD)) scope = handle;
  if (auto set = reinterpret_cast<SetLevels>(::dlsym(scope, "omp_set_max_active_levels"))) set(0);
}

Engine& engine() {
  thread_local std::unique_ptr<Engine> e;
  if (!e) {
    serialise_openmp();
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

Result<Text> recognise_here(const cv::Mat& binary, Layout layout, const std::string& whitelist) {
  Engine& e = engine();
  if (!e.ready) return make_error(e.failure);
  if (binary.empty() || binary.type() != CV_8UC1) return make_error("OCR needs a non-empty 8-bit grey image");
  cv::Mat img = binary.isContinuous() ? binary : binary.clone();

  tesseract::TessBaseAPI& api = e.api;
  api.SetPageSegMode(static_cast<tesseract::PageSegMode>(layout));
  api.SetVariable("tessedit_char_whitelist", whitelist.c_str());
  api.SetImage(img.data, img.cols, img.rows, 1, static_cast<int>(img.step));
  api.SetSourceResolution(kAssumedDpi);

  Text out;
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

}  // namespace
}  // namespace pb::vision::ocr

#define PB_EXPORT extern "C" __attribute__((visibility("default")))

PB_EXPORT int pb_plugin_abi() { return pb::platform::kPluginAbi; }

PB_EXPORT PbOcrRecognise pb_ocr_recognise;

bool pb_ocr_recognise(const cv::Mat* binary, int layout, const char* whitelist, pb::vision::ocr::Text* out,
                      std::string* error) {
  try {
    auto read = pb::vision::ocr::recognise_here(*binary, static_cast<pb::vision::ocr::Layout>(layout), whitelist);
    if (!read) {
      *error = read.error().message;
      return false;
    }
    *out = std::move(*read);
    return true;
  } catch (const std::exception& e) {
    *error = std::string("Tesseract failed: ") + e.what();
  }
  return false;
}
