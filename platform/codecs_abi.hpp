/* codecs_abi.hpp: the functions puzzlebot-codecs.so exports (platform/codecs_plugin.cpp). */
#pragma once

// C linkage for the names; the values are C++ (cv::Mat, std::string), which is safe because the
// module is built from the same tree by the same compiler, against the same OpenCV, and refused
// otherwise (pb_plugin_abi, platform/plugin.hpp). Each returns false with `error` set instead of
// throwing: no exception crosses the module's edge.

#include <cstddef>
#include <opencv2/core.hpp>
#include <string>
#include <vector>

extern "C" {
using PbCodecsDecode = bool(const unsigned char* data, std::size_t size, int flags, cv::Mat* out, std::string* error);
using PbCodecsRead = bool(const char* path, int flags, cv::Mat* out, std::string* error);
using PbCodecsWrite = bool(const char* path, const cv::Mat* image, const int* params, std::size_t count,
                           std::string* error);
using PbCodecsEncode = bool(const char* ext, const cv::Mat* image, const int* params, std::size_t count,
                            std::vector<unsigned char>* out, std::string* error);
}
