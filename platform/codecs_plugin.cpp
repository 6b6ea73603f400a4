/* codecs_plugin.cpp: puzzlebot-codecs.so, OpenCV's imgcodecs behind four C-named functions (codecs_abi.hpp). */
#include <climits>
#include <opencv2/imgcodecs.hpp>

#include "platform/codecs_abi.hpp"
#include "platform/plugin.hpp"

#define PB_EXPORT extern "C" __attribute__((visibility("default")))

PB_EXPORT int pb_plugin_abi() { return pb::platform::kPluginAbi; }

PB_EXPORT PbCodecsDecode pb_codecs_decode;
PB_EXPORT PbCodecsRead pb_codecs_read;
PB_EXPORT PbCodecsWrite pb_codecs_write;
PB_EXPORT PbCodecsEncode pb_codecs_encode;

bool pb_codecs_decode(const unsigned char* data, std::size_t size, int flags, cv::Mat* out, std::string* error) {
  if (size == 0 || size > static_cast<std::size_t>(INT_MAX)) {
    *out = cv::Mat();
    return true;
  }
  try {
    const cv::Mat bytes(1, static_cast<int>(size), CV_8UC1, const_cast<unsigned char*>(data));
    *out = cv::imdecode(bytes, flags);
    return true;
  } catch (const cv::Exception& e) {
    *error = e.msg;
  } catch (const std::exception& e) {
    *error = e.what();
  }
  return false;
}

bool pb_codecs_read(const char* path, int flags, cv::Mat* out, std::string* error) {
  try {
    *out = cv::imread(path, flags);
    return true;
  } catch (const cv::Exception& e) {
    *error = e.msg;
  } catch (const std::exception& e) {
    *error = e.what();
  }
  return false;
}

bool pb_codecs_write(const char* path, const cv::Mat* image, const int* params, std::size_t count, std::string* error) {
  try {
    if (cv::imwrite(path, *image, std::vector<int>(params, params + count))) return true;
    *error = "OpenCV wrote nothing";
  } catch (const cv::Exception& e) {
    *error = e.msg;
  } catch (const std::exception& e) {
    *error = e.what();
  }
  return false;
}

bool pb_codecs_encode(const char* ext, const cv::Mat* image, const int* params, std::size_t count,
                      std::vector<unsigned char>* out, std::string* error) {
  try {
    if (cv::imencode(ext, *image, *out, std::vector<int>(params, params + count))) return true;
    *error = std::string("OpenCV cannot encode ") + ext;
  } catch (const cv::Exception& e) {
    *error = e.msg;
  } catch (const std::exception& e) {
    *error = e.what();
  }
  return false;
}
