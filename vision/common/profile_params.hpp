/* profile_params.hpp: a reader's Params from the profile node named after its game, or the defaults. */
#pragma once

#include <exception>
#include <opencv2/core/persistence.hpp>
#include <string>

#include "core/result.hpp"
#include "vision/common/image_puzzle.hpp"

namespace pb::vision {

// `load(node)` turns the game's node into Params (Result<Params>); without a profile the defaults.
template <class Params, class Load>
Result<Params> params_from_profile(const ReadOptions& options, const char* game, Load load) {
  if (options.profile_path.empty()) return Params{};
  try {
    cv::FileStorage fs(options.profile_path, cv::FileStorage::READ);
    if (!fs.isOpened()) return make_error("cannot open profile " + options.profile_path + ": check the path");
    Result<Params> loaded = load(fs[game]);
    if (!loaded) return make_error(options.profile_path + ": " + loaded.error().message);
    return loaded;
  } catch (const std::exception& e) {  // cv::Exception, or std::length_error from OpenCV's YAML parser
    return make_error("cannot read profile " + options.profile_path + ": " + e.what());
  }
}

}  // namespace pb::vision
