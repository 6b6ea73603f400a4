/* ocr_abi.hpp: the function puzzlebot-ocr.so exports (vision/common/ocr_plugin.cpp). */
#pragma once

// C linkage for the name; C++ values, safe for the reasons platform/codecs_abi.hpp gives. Returns
// false with `error` set instead of throwing.

#include <opencv2/core.hpp>
#include <string>

#include "vision/common/ocr.hpp"

extern "C" {
using PbOcrRecognise = bool(const cv::Mat* binary, int layout, const char* whitelist, pb::vision::ocr::Text* out,
                            std::string* error);
}
