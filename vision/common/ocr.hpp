/* ocr.hpp: a thin, thread-local wrapper over Tesseract for reading short lines of text and single characters off binary crops. */
#pragma once

// Used by the Fifteen reader (tile digits, the status line) and the valves reader (valve letters, the
// wrench counter).
// Rejected: a TessBaseAPI per call (Init loads eng.traineddata: ~50-100 ms, more than reading a whole
// board) and one shared engine behind a mutex (readers run on several threads for `solve FOLDER`).
// Each thread keeps its own engine, created on first use.

#include <opencv2/core.hpp>
#include <string>

#include "core/result.hpp"

namespace pb::vision::ocr {

// How Tesseract should segment the crop (the values are tesseract::PageSegMode's).
enum class Layout {
  kLine = 7,     // one text line
  kWord = 8,     // one word
  kChar = 10,    // one character
  kRawLine = 13  // one line, no Tesseract-specific preprocessing
};

struct Text {
  std::string text;          // UTF-8, surrounding whitespace removed
  float min_confidence = 0;  // lowest per-symbol confidence, 0..100 (0 when nothing was read)
  float mean_confidence = 0; // Tesseract's mean word confidence, 0..100
};

// Recognises `binary` (CV_8UC1, dark text on a white background, text a few tens of px high).
// `whitelist` limits the characters ("" for any). Errors only when Tesseract itself cannot start.
Result<Text> recognise(const cv::Mat& binary, Layout layout, const std::string& whitelist);

}  // namespace pb::vision::ocr
