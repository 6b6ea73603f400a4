/* profile.cpp: reading, checking and writing device profiles. */
#include "calibration/profile.hpp"
#include "core/text.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <exception>
#include <fstream>
#include <iterator>
#include <vector>

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


// An error for `key` in `where` when it is not one of `valid`: names the nearest and lists them all.
Result<void> known_key(std::string_view source, std::string_view where, const std::string& key,
                       const std::vector<std::string_view>& valid) {
  std::string list, nearest;
  std::size_t best = 4;  // suggest only close spellings
  for (std::string_view v : valid) {
    if (v == key) return {};
    list += (list.empty() ? "" : ", ") + std::string(v);
    if (std::size_t d = edit_distance(key, v); d < best) best = d, nearest = v;
  }
  return make_error(std::string(source) + ": unknown key '" + key + "' in " + std::string(where) +
                    (nearest.empty() ? std::string() : " (did you mean '" + nearest + "'?)") + "; valid keys: " + list);
}

// Fails on a key of map `node` not in `valid`.
Result<void> known_keys(std::string_view source, std::string_view where, const cv::FileNode& node,
                        const std::vector<std::string_view>& valid) {
  if (!node.isMap()) return {};
  for (cv::FileNode n : node)
    if (auto ok = known_key(source, where, n.name(), valid); !ok) return ok;
  return {};
}

const std::vector<std::string_view> kTransformKeys = {"scale_x", "scale_y", "offset_x", "offset_y"};
const std::vector<std::string_view> kTimingKeys = {"settle_ms", "max_settle_ms", "level_pause_ms", "drag_step_ms",
                                                   "tap_ms"};

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
    if (auto ok = known_keys(source, "frame_to_input", tn, kTransformKeys); !ok) return ok.error();
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
    if (auto ok = known_keys(source, "timings", tm, kTimingKeys); !ok) return ok.error();
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

Result<std::string> read_profile_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return make_error("cannot open profile " + path + ": check the path (bundled ones: calibration/profiles/)");
  std::string text;
  char buf[4096];
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    text.append(buf, static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxProfileBytes)
      return make_error(path + ": too large for a profile (limit " + std::to_string(kMaxProfileBytes / 1024) + " KiB)");
  }
  return text;
}

}  // namespace

Profile identity_profile(Size screen) {
  Profile p;
  p.name = "identity";
  p.screen = screen;
  p.frame_to_input.input = screen;
  return p;
}

Result<std::string> check_profile_text(std::string_view text, std::string_view source) {
  auto refuse = [&](std::size_t line, const std::string& what) -> Error {
    return make_error(std::string(source) + ":" + std::to_string(line) + ": not a valid profile (" + what +
                      "): compare with calibration/profiles/ or run 'puzzlebot calibrate'");
  };
  if (text.size() > kMaxProfileBytes)
    return make_error(std::string(source) + ": too large for a profile (limit " +
                      std::to_string(kMaxProfileBytes / 1024) + " KiB)");
  bool header = false;    // a "%YAML:1.0" first line
  bool document = false;  // a "---" line
  bool content = false;   // a setting seen
  int depth = 0;          // open [ and { across lines
  std::size_t line_no = 0;
  for (std::size_t at = 0; at <= text.size();) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(at, end - at);
    at = end + 1;
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    for (char c : line)
      if ((static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7f)
        return refuse(line_no, "a control byte; profiles are text");
    const std::size_t indent = line.find_first_not_of(' ');
    if (indent == std::string_view::npos || line[indent] == '#') continue;
    if (indent > kMaxProfileIndent) return refuse(line_no, "indented deeper than " + std::to_string(kMaxProfileIndent));
    if (line[0] == '%') {
      const bool yaml_1x = line.size() >= 9 && (line.rfind("%YAML:1.", 0) == 0 || line.rfind("%YAML 1.", 0) == 0) &&
                           line[8] >= '0' && line[8] <= '9' && line.find_first_not_of(" \t", 9) == std::string_view::npos;
      if (line_no != 1 || !yaml_1x)
        return refuse(line_no, "a directive; only a first line '%YAML:1.0' is allowed");
      header = true;
      continue;
    }
    const auto marker_only = [&](std::string_view m) {
      if (line.rfind(m, 0) != 0) return false;
      std::size_t rest = line.find_first_not_of(" \t", m.size());
      return rest == std::string_view::npos || line[rest] == '#';
    };
    if (line.rfind("---", 0) == 0) {
      if (!marker_only("---")) return refuse(line_no, "'---' must stand alone on its line");
      if (document || content || depth > 0) return refuse(line_no, "a second document; a profile is one YAML map");
      document = true;
      continue;
    }
    if (line.rfind("...", 0) == 0) return refuse(line_no, "'...' ends a document; remove it");
    content = true;
    // Block sequence entries are "- item"; "--x" or "-#" starts no entry and sends OpenCV 4.6's
    // parser into a loop it never leaves (fuzz/corpus/profile/slow-opencv-yaml-timeout).
    for (std::size_t i = indent; i < line.size() && line[i] == '-';) {
      const char next = i + 1 < line.size() ? line[i + 1] : ' ';
      if (next != ' ') {
        if ((next >= '0' && next <= '9') || next == '.') break;  // a negative number
        return refuse(line_no, "'-' must be followed by a space to start a list entry");
      }
      i = line.find_first_not_of(' ', i + 1);
    }
    // Flow collections: brackets outside quoted strings, nested no deeper than kMaxProfileNesting.
    char quote = 0;
    for (std::size_t i = indent; i < line.size(); ++i) {
      const char c = line[i];
      if (quote != 0) {
        if (c == quote) quote = 0;
        continue;
      }
      const bool token_start = i == indent || std::strchr(" \t:,[{", line[i - 1]) != nullptr;
      if ((c == '"' || c == '\'') && token_start) {
        quote = c;
      } else if (c == '#' && (i == indent || line[i - 1] == ' ' || line[i - 1] == '\t')) {
        break;
      } else if (c == '[' || c == '{') {
        if (++depth > kMaxProfileNesting)
          return refuse(line_no, "lists or maps nested deeper than " + std::to_string(kMaxProfileNesting));
      } else if (c == ']' || c == '}') {
        if (--depth < 0) return refuse(line_no, std::string("a '") + c + "' that closes nothing");
      } else if ((c == '&' || c == '*') && token_start && i + 1 < line.size() && line[i + 1] != ' ') {
        return refuse(line_no, "a YAML anchor or alias; write the value out");
      }
    }
    if (quote != 0) return refuse(line_no, "a quoted string must end on its line");
  }
  if (depth != 0) return refuse(line_no, "a '[' or '{' is never closed");
  std::string out;
  out.reserve(text.size() + 16);
  if (!header) out = document ? "%YAML:1.0\n" : "%YAML:1.0\n---\n";
  out.append(text);
  return out;
}

Result<cv::FileStorage> open_profile_text(std::string_view yaml, std::string_view source) {
  auto text = check_profile_text(yaml, source);
  if (!text) return text.error();
  try {
    cv::FileStorage fs(*text, cv::FileStorage::READ | cv::FileStorage::MEMORY | cv::FileStorage::FORMAT_YAML);
    if (!fs.isOpened()) return field_error(source, "the file", "is not readable YAML");
    return fs;
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

Result<Profile> parse_profile(std::string_view yaml, std::string_view source) {
  auto fs = open_profile_text(yaml, source);
  if (!fs) return fs.error();
  try {
    return from_storage(*fs, source);
  } catch (const std::exception& e) {
    return make_error(std::string(source) + ": not a valid profile (" + e.what() +
                      "): compare with calibration/profiles/ or run 'puzzlebot calibrate'");
  }
}

Result<Profile> load_profile(const std::string& path) {
  auto text = read_profile_file(path);
  if (!text) return text.error();
  return parse_profile(*text, path);
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

Result<ProfileDoc> ProfileDoc::from_text(std::string_view yaml, std::string_view source) {
  auto fs = open_profile_text(yaml, source);
  if (!fs) return fs.error();
  ProfileDoc doc;
  doc.path_ = std::string(source);
  doc.storage_ = std::make_shared<const cv::FileStorage>(std::move(*fs));
  return doc;
}

Result<ProfileDoc> ProfileDoc::open(const std::string& path) {
  if (path.empty()) return ProfileDoc{};
  auto text = read_profile_file(path);
  if (!text) return text.error();
  return from_text(*text, path);
}

Result<Profile> ProfileDoc::device() const {
  if (storage_ == nullptr) return make_error("no profile was given");
  try {
    return from_storage(*storage_, path_);
  } catch (const std::exception& e) {
    return make_error(path_ + ": not a valid profile (" + e.what() +
                      "): compare with calibration/profiles/ or run 'puzzlebot calibrate'");
  }
}

Result<void> ProfileDoc::check_keys(std::span<const std::string> reader_nodes) const {
  if (storage_ == nullptr) return {};
  return check_profile_keys(*storage_, reader_nodes, path_);
}

cv::FileNode ProfileDoc::node(std::string_view name) const {
  if (storage_ == nullptr) return {};
  return (*storage_)[std::string(name)];
}

Result<void> check_profile_keys(const cv::FileStorage& fs, std::span<const std::string> reader_nodes,
                                std::string_view source) {
  std::vector<std::string_view> valid(std::begin(kProfileKeys), std::end(kProfileKeys));
  for (const std::string& r : reader_nodes) valid.push_back(r);
  try {
    if (auto ok = known_keys(source, "the profile", fs.root(), valid); !ok) return ok;
    if (auto ok = known_keys(source, "frame_to_input", fs["frame_to_input"], kTransformKeys); !ok) return ok;
    return known_keys(source, "timings", fs["timings"], kTimingKeys);
  } catch (const std::exception& e) {
    return make_error(std::string(source) + ": not a valid profile (" + e.what() + ")");
  }
}

Result<cv::FileStorage> open_profile_storage(const std::string& path) {
  auto text = read_profile_file(path);
  if (!text) return text.error();
  return open_profile_text(*text, path);
}

}  // namespace pb::calibration
