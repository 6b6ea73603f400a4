/* calibrate.cpp: parsing `wm size` / `wm density`, the screenshot-to-touch transform, the profile calibrate writes. */
#include "calibration/calibrate.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <utility>

namespace pb::calibration {
namespace {

constexpr int kMaxSide = 20000;          // px, same bound as profiles
constexpr double kAspectTolerance = 0.02;  // relative difference of width/height tolerated

// The text after `label` on its line, trimmed ("" when the label is absent).
std::optional<std::string_view> value_after(std::string_view text, std::string_view label) {
  std::size_t at = text.find(label);
  if (at == std::string_view::npos) return std::nullopt;
  std::string_view rest = text.substr(at + label.size());
  rest = rest.substr(0, rest.find_first_of("\r\n"));
  while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t')) rest.remove_prefix(1);
  while (!rest.empty() && (rest.back() == ' ' || rest.back() == '\t')) rest.remove_suffix(1);
  return rest;
}

std::optional<int> to_int(std::string_view s) {
  int v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

std::optional<Size> to_size(std::string_view s) {
  std::size_t x = s.find('x');
  if (x == std::string_view::npos) return std::nullopt;
  auto w = to_int(s.substr(0, x)), h = to_int(s.substr(x + 1));
  if (!w || !h || *w <= 0 || *h <= 0 || *w > kMaxSide || *h > kMaxSide) return std::nullopt;
  return Size{*w, *h};
}

std::string first_line(std::string_view t) { return std::string(t.substr(0, std::min<std::size_t>(t.find('\n'), 120))); }

}  // namespace

Result<WmSize> parse_wm_size(std::string_view text) {
  auto phys = value_after(text, "Physical size:");
  if (!phys) return make_error("'wm size' printed no 'Physical size:' line ('" + first_line(text) + "'): is this an Android phone?");
  WmSize out;
  auto p = to_size(*phys);
  if (!p) return make_error("'wm size' printed an unreadable size '" + std::string(*phys) + "'");
  out.physical = *p;
  if (auto ov = value_after(text, "Override size:")) {
    auto o = to_size(*ov);
    if (!o) return make_error("'wm size' printed an unreadable override size '" + std::string(*ov) + "'");
    out.override_size = *o;
  }
  return out;
}

Result<WmDensity> parse_wm_density(std::string_view text) {
  auto phys = value_after(text, "Physical density:");
  if (!phys) return make_error("'wm density' printed no 'Physical density:' line ('" + first_line(text) + "')");
  WmDensity out;
  auto p = to_int(*phys);
  if (!p || *p <= 0 || *p > 2000) return make_error("'wm density' printed an unreadable density '" + std::string(*phys) + "'");
  out.physical = *p;
  if (auto ov = value_after(text, "Override density:")) {
    auto o = to_int(*ov);
    if (!o || *o <= 0 || *o > 2000) return make_error("'wm density' printed an unreadable override '" + std::string(*ov) + "'");
    out.override_density = *o;
  }
  return out;
}

Result<FrameToInput> screenshot_to_touch(Size shot, Size touch) {
  if (shot.width <= 0 || shot.height <= 0 || touch.width <= 0 || touch.height <= 0)
    return make_error("cannot map a screenshot of " + std::to_string(shot.width) + "x" + std::to_string(shot.height) +
                      " to a touch space of " + std::to_string(touch.width) + "x" + std::to_string(touch.height));
  if ((shot.width > shot.height) != (touch.width > touch.height)) std::swap(touch.width, touch.height);
  const double a = static_cast<double>(shot.width) / shot.height, b = static_cast<double>(touch.width) / touch.height;
  if (std::abs(a - b) > kAspectTolerance * b)
    return make_error("the screenshot is " + std::to_string(shot.width) + "x" + std::to_string(shot.height) +
                      " but the touch screen is " + std::to_string(touch.width) + "x" + std::to_string(touch.height) +
                      ": different shapes (a cropped or letterboxed capture?); write the profile's frame_to_input by hand");
  FrameToInput t;
  t.scale_x = static_cast<double>(touch.width) / shot.width;
  t.scale_y = static_cast<double>(touch.height) / shot.height;
  // No offset: both are continuous coordinates from the screen's top-left corner; a phone's
  // screencap and touch panel cover the same glass.
  t.input = touch;
  return t;
}

std::string profile_name(std::string_view model, Size touch) {
  std::string slug;
  for (char c : model) {
    unsigned char u = static_cast<unsigned char>(c);
    if (std::isalnum(u)) slug += static_cast<char>(std::tolower(u));
    else if (!slug.empty() && slug.back() != '-') slug += '-';
  }
  while (!slug.empty() && slug.back() == '-') slug.pop_back();
  return "phone-" + (slug.empty() ? std::string() : slug + "-") + std::to_string(touch.width) + "x" +
         std::to_string(touch.height);
}

Profile phone_profile(std::string model, Size touch, int density, const FrameToInput& transform,
                      std::optional<cv::Rect> board) {
  Profile p;
  p.name = profile_name(model, touch);
  p.model = std::move(model);
  p.screen = touch;
  p.density = density;
  p.frame_to_input = transform;
  p.frame_to_input.input = touch;
  p.board = board;
  return p;
}

Result<void> check_profile_fits(const Profile& profile, Size touch) {
  const Size s = profile.screen;
  if ((s.width == touch.width && s.height == touch.height) || (s.width == touch.height && s.height == touch.width))
    return {};
  return make_error("the profile " + (profile.source.empty() ? profile.name : profile.source) + " is for a " +
                    std::to_string(s.width) + "x" + std::to_string(s.height) + " touch screen but the phone reports " +
                    std::to_string(touch.width) + "x" + std::to_string(touch.height) +
                    ": run 'puzzlebot calibrate --adb --out P.yml' for this phone");
}

}  // namespace pb::calibration
