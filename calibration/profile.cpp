/* profile.cpp: reading, checking and writing device profiles. */
#include "calibration/profile.hpp"

#include <cmath>
#include <exception>
#include <fstream>
#include <iterator>

namespace pb::calibration {
namespace {

constexpr int kMaxScreenSide = 20000;

Error field_error(std::string_view source, std::string_view field, std::string_view what) {
  return make_error(std::string(source) + ": " + std::string(field) + " " + std::string(what) +
                    " (see calibration/profiles/ for examples, or run 'puzzlebot calibrate')");
}

bool read_int(const cv::FileNode& n, int& out) {
  if (n.empty()) return true;
  if (!n.isInt() && !n.isReal()) return false;
  double v = static_cast<double>(n);
  if (!std::isfinite(v) || std::abs(v) > 1e9 || v != std::floor(v)) return false;
  out = static_cast<int>(v);
  return true;
}

bool read_real(const cv::FileNode& n, double& out) {
  if (n.empty()) return true;
  if (!n.isInt() && !n.isReal()) return false;
  double v = static_cast<double>(n);
  if (!std::isfinite(v) || std::abs(v) > 1e7) return false;
  out = v;
  return true;
}

Result<Profile> from_storage(const cv::FileStorage& fs, std::string_view source) {
  Profile p;
  p.source = std::string(source);
  cv::FileNode root = fs.root();
  if (!root.isMap()) return field_error(source, "the file", "is not a YAML map");
  if (!root["name"].empty() && root["name"].isString()) p.name = static_cast<std::string>(root["name"]);
  if (!root["model"].empty() && root["model"].isString()) p.model = static_cast<std::string>(root["model"]);

  if (!read_int(root["screen_width"], p.screen.width) || !read_int(root["screen_height"], p.screen.height))
    return field_error(source, "screen_width/screen_height", "must be whole numbers");
  if (p.screen.width <= 0 || p.screen.height <= 0 || p.screen.width > kMaxScreenSide ||
      p.screen.height > kMaxScreenSide)
    return field_error(source, "screen_width/screen_height", "must be set, from 1 to 20000");
  if (!read_int(root["density"], p.density) || p.density < 0 || p.density > 2000)
    return field_error(source, "density", "must be a whole number from 0 to 2000");

  FrameToInput& t = p.frame_to_input;
  t.input = p.screen;
  cv::FileNode tn = root["frame_to_input"];
  if (!tn.empty()) {
    if (!tn.isMap()) return field_error(source, "frame_to_input", "must be a map of scale_x, scale_y, offset_x, offset_y");
    if (!read_real(tn["scale_x"], t.scale_x) || !read_real(tn["scale_y"], t.scale_y) ||
        !read_real(tn["offset_x"], t.offset_x) || !read_real(tn["offset_y"], t.offset_y))
      return field_error(source, "frame_to_input", "values must be finite numbers");
    if (std::abs(t.scale_x) < 1e-3 || std::abs(t.scale_y) < 1e-3 || std::abs(t.scale_x) > 1e3 ||
        std::abs(t.scale_y) > 1e3)
      return field_error(source, "frame_to_input scale", "must be between 0.001 and 1000 in size");
  }

  cv::FileNode bn = root["board"];
  if (!bn.empty()) {
    int v[4] = {0, 0, 0, 0};
    if (!bn.isSeq() || bn.size() != 4) return field_error(source, "board", "must be [x, y, width, height]");
    for (int i = 0; i < 4; ++i)
      if (!read_int(bn[i], v[i]) || v[i] < 0 || v[i] > kMaxScreenSide)
        return field_error(source, "board", "values must be whole numbers from 0 to 20000");
    if (v[2] == 0 || v[3] == 0) return field_error(source, "board", "must have a width and a height");
    p.board = cv::Rect(v[0], v[1], v[2], v[3]);
  }

  cv::FileNode tm = root["timings"];
  if (!tm.empty()) {
    Timings& m = p.timings;
    struct { const char* key; int* field; } fields[] = {{"settle_ms", &m.settle_ms}, {"max_settle_ms", &m.max_settle_ms},
                                                        {"level_pause_ms", &m.level_pause_ms},
                                                        {"drag_step_ms", &m.drag_step_ms}, {"tap_ms", &m.tap_ms}};
    for (auto& f : fields)
      if (!read_int(tm[f.key], *f.field) || *f.field < 0 || *f.field > 60000)
        return field_error(source, std::string("timings.") + f.key, "must be a whole number of ms from 0 to 60000");
  }
  return p;
}

}  // namespace

Profile identity_profile(Size screen) {
  Profile p;
  p.name = "identity";
  p.screen = screen;
  p.frame_to_input.input = screen;
  return p;
}

Result<Profile> parse_profile(std::string_view yaml, std::string_view source) {
  try {
    std::string text(yaml);
    if (text.find('\0') != std::string::npos) return field_error(source, "the file", "holds a NUL byte: not YAML");
    if (text.rfind("%YAML", 0) != 0) text = "%YAML:1.0\n---\n" + text;
    cv::FileStorage fs(text, cv::FileStorage::READ | cv::FileStorage::MEMORY | cv::FileStorage::FORMAT_YAML);
    if (!fs.isOpened()) return field_error(source, "the file", "is not readable YAML");
    return from_storage(fs, source);
  } catch (const cv::Exception& e) {
    return make_error(std::string(source) + ": not a valid profile (" + e.err +
                      "): compare with calibration/profiles/ or run 'puzzlebot calibrate'");
  } catch (const std::exception& e) {
    // OpenCV 4.6's YAML parser throws std::length_error on some malformed maps ("{ :", found by
    // fuzz_profile; fuzz/corpus/profile/crash-unclosed-map.yml), not cv::Exception.
    return make_error(std::string(source) + ": not a valid profile (malformed YAML: " + e.what() +
                      "): compare with calibration/profiles/ or run 'puzzlebot calibrate'");
  }
}

Result<Profile> load_profile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return make_error("cannot open profile " + path + ": check the path (bundled ones: calibration/profiles/)");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (text.size() > (1u << 20)) return make_error(path + ": too large for a profile (limit 1 MiB)");
  return parse_profile(text, path);
}

Result<void> save_profile(const Profile& p, const std::string& path) {
  try {
    cv::FileStorage fs(path, cv::FileStorage::WRITE | cv::FileStorage::FORMAT_YAML);
    if (!fs.isOpened()) return make_error("cannot write " + path + ": check the folder exists");
    fs << "name" << p.name << "model" << p.model;
    fs << "screen_width" << p.screen.width << "screen_height" << p.screen.height << "density" << p.density;
    const FrameToInput& t = p.frame_to_input;
    fs << "frame_to_input" << "{" << "scale_x" << t.scale_x << "scale_y" << t.scale_y << "offset_x" << t.offset_x
       << "offset_y" << t.offset_y << "}";
    if (p.board) fs << "board" << "[" << p.board->x << p.board->y << p.board->width << p.board->height << "]";
    const Timings& m = p.timings;
    fs << "timings" << "{" << "settle_ms" << m.settle_ms << "max_settle_ms" << m.max_settle_ms << "level_pause_ms"
       << m.level_pause_ms << "drag_step_ms" << m.drag_step_ms << "tap_ms" << m.tap_ms << "}";
    return {};
  } catch (const cv::Exception& e) {
    return make_error("cannot write " + path + ": " + e.err);
  }
}

Result<cv::FileStorage> open_profile_storage(const std::string& path) {
  try {
    cv::FileStorage fs(path, cv::FileStorage::READ);
    if (!fs.isOpened()) return make_error("cannot open profile " + path);
    return fs;
  } catch (const std::exception& e) {  // cv::Exception, or std::length_error from OpenCV's YAML parser
    return make_error(path + ": not a valid profile (" + e.what() + ")");
  }
}

}  // namespace pb::calibration
