/* params.hpp: reading a reader's Params from its profile node (calibration/ profiles, one node per game). */
#pragma once

// Two ways are in use, kept apart because they treat a key of the wrong type differently:
// - params_from_node(): OpenCV converts each value (a string where a number belongs throws, and the
//   whole node is refused naming OpenCV's complaint). The arena readers use it.
// - override_from(): each key checked for its type, the error naming the key (the Simon Tatham readers).
// Checking that the values make sense together stays with each reader.

#include <opencv2/core.hpp>
#include <string>
#include <type_traits>
#include <utility>

#include "core/result.hpp"

namespace pb::vision {

// Hands the keys of one profile node to a Params struct: `keys("name", p.name)` sets the field when
// the node has the key.
class ProfileKeys {
 public:
  explicit ProfileKeys(const cv::FileNode& node) : node_(node) {}
  void operator()(const char* key, int& value) const {
    if (!node_[key].empty()) value = static_cast<int>(node_[key]);
  }
  void operator()(const char* key, double& value) const {
    if (!node_[key].empty()) value = static_cast<double>(node_[key]);
  }

 private:
  const cv::FileNode& node_;
};

// `defaults` overridden by the keys of `node` (the profile node named `game`): `fill(keys, params)`
// names the keys, then `check(params)` says what is inconsistent ("" when nothing). A missing or
// empty node keeps the defaults unchecked.
template <class Params, class Fill, class Check>
Result<Params> params_from_node(const cv::FileNode& node, const char* game, const Params& defaults, Fill fill,
                                Check check) {
  Params p = defaults;
  if (node.empty() || node.isNone()) return p;
  if (!node.isMap())
    return make_error(std::string("the `") + game + "` profile node must be a map of parameter names to values");
  try {
    fill(ProfileKeys(node), p);
  } catch (const cv::Exception& e) {
    return make_error(std::string("bad value in the `") + game + "` profile node: " + e.what());
  }
  if (std::string why = check(p); !why.empty()) return make_error(std::move(why));
  return p;
}

// Overrides `value` with node[key] when present; a present key of the wrong type is an error naming
// `game`.`key`.
template <class T>
Result<void> override_from(const cv::FileNode& node, const char* game, const char* key, T& value) {
  cv::FileNode n = node[key];
  if (n.empty() || n.isNone()) return {};
  if constexpr (std::is_integral_v<T>) {
    if (!n.isInt()) return make_error(std::string("profile: ") + game + "." + key + " must be an integer");
    value = static_cast<T>(static_cast<int>(n));
  } else {
    if (!n.isInt() && !n.isReal()) return make_error(std::string("profile: ") + game + "." + key + " must be a number");
    value = static_cast<T>(static_cast<double>(n));
  }
  return {};
}

}  // namespace pb::vision
