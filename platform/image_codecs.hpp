/* image_codecs.hpp: PNG and JPEG in and out (OpenCV's imgcodecs), through a module loaded on first use. */
#pragma once

// The program never links OpenCV's imgcodecs: these functions load puzzlebot-codecs.so (which
// does) the first time an image is read or written, so a run that touches no image starts in
// ~10 ms instead of ~240 ms (platform/plugin.hpp). Same flags and results as cv::imdecode,
// cv::imread, cv::imwrite and cv::imencode; where those throw, these return the error instead.
// An error with code kInternal means the module itself could not be loaded (its message says
// what to do); any other error is OpenCV's word on the image.

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>  // the IMREAD_ and IMWRITE_ flags only: nothing here links it
#include <string>
#include <vector>

#include "core/result.hpp"

namespace pb::platform::codecs {

// cv::imdecode: an empty Mat when the bytes are no image OpenCV reads.
Result<cv::Mat> decode(const std::vector<unsigned char>& bytes, int flags);
// cv::imread: an empty Mat when the file is missing or no image.
Result<cv::Mat> read(const std::string& path, int flags);
// cv::imwrite: an error when nothing was written.
Result<void> write(const std::string& path, const cv::Mat& image, const std::vector<int>& params = {});
// cv::imencode to format `ext` (".png", ".jpg").
Result<std::vector<unsigned char>> encode(const std::string& ext, const cv::Mat& image,
                                          const std::vector<int>& params = {});

}  // namespace pb::platform::codecs
