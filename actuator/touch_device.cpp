/* touch_device.cpp: parsing `getevent -p` and `dumpsys input`, panel coordinates, sendevent lines. */
#include "actuator/touch_device.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace pb::actuator {
namespace {

// Linux input event codes (linux/input-event-codes.h).
constexpr int kEvSyn = 0, kEvKey = 1, kEvAbs = 3;
constexpr int kSynReport = 0;
constexpr int kBtnTouch = 0x14a;
constexpr int kAbsMtSlot = 0x2f, kAbsMtTouchMajor = 0x30, kAbsMtPositionX = 0x35, kAbsMtPositionY = 0x36,
              kAbsMtTrackingId = 0x39, kAbsMtPressure = 0x3a;

struct Parsed {
  TouchDevice d;
  bool x = false, y = false, id = false, slot = false;
};

bool is_hex(std::string_view s) {
  return !s.empty() && s.size() <= 4 && std::all_of(s.begin(), s.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); });
}

// "0035  : value 0, min 0, max 4095, fuzz 0, flat 0, resolution 0" -> code and range.
bool parse_abs(std::string_view line, int& code, AxisRange& r) {
  std::istringstream in{std::string(line)};
  std::string hex;
  in >> hex;
  if (!is_hex(hex)) return false;
  code = static_cast<int>(std::strtol(hex.c_str(), nullptr, 16));
  const std::string rest(line);
  const auto mn = rest.find("min "), mx = rest.find("max ");
  if (mn == std::string::npos || mx == std::string::npos) return false;
  r.min = std::atoi(rest.c_str() + mn + 4);
  r.max = std::atoi(rest.c_str() + mx + 4);
  return true;
}

void note_abs(Parsed& p, int code, AxisRange r) {
  switch (code) {
    case kAbsMtPositionX: p.d.x = r, p.x = true; break;
    case kAbsMtPositionY: p.d.y = r, p.y = true; break;
    case kAbsMtTrackingId: p.id = true, p.d.max_tracking_id = std::max(1, r.max); break;
    case kAbsMtSlot: p.slot = true; break;
    case kAbsMtPressure: p.d.pressure = r; break;
    case kAbsMtTouchMajor: p.d.touch_major = r; break;
    default: break;
  }
}

std::string trim(std::string_view s) {
  const auto a = s.find_first_not_of(" \t\r");
  if (a == std::string_view::npos) return {};
  const auto b = s.find_last_not_of(" \t\r");
  return std::string(s.substr(a, b - a + 1));
}

}  // namespace

std::optional<TouchDevice> find_touch_device(std::string_view text) {
  std::vector<Parsed> found;
  enum class Section { kNone, kKey, kAbs, kOther } section = Section::kNone;
  std::istringstream in{std::string(text)};
  for (std::string raw; std::getline(in, raw);) {
    const std::string line = trim(raw);
    if (line.rfind("add device", 0) == 0) {
      found.emplace_back();
      const auto at = line.find("/dev/input/");
      if (at != std::string::npos) found.back().d.path = trim(line.substr(at));
      section = Section::kNone;
      continue;
    }
    if (found.empty()) continue;
    Parsed& p = found.back();
    if (line.rfind("name:", 0) == 0) {
      std::string n = trim(line.substr(5));
      if (n.size() >= 2 && n.front() == '"' && n.back() == '"') n = n.substr(1, n.size() - 2);
      p.d.name = n;
      continue;
    }
    std::string body = line;
    // "KEY (0001): 014a  ..." / "ABS (0003): 0035  : value ..." open a section; later lines continue it.
    if (const auto colon = line.find("):"); colon != std::string::npos && line.find('(') != std::string::npos &&
                                           line.find('(') < colon) {
      const std::string kind = trim(line.substr(0, line.find('(')));
      section = kind == "KEY" ? Section::kKey : kind == "ABS" ? Section::kAbs : Section::kOther;
      body = trim(line.substr(colon + 2));
    } else if (line.rfind("input props", 0) == 0 || line.rfind("events:", 0) == 0) {
      section = Section::kNone;
      continue;
    }
    if (section == Section::kAbs) {
      int code = 0;
      AxisRange r;
      if (parse_abs(body, code, r)) note_abs(p, code, r);
    } else if (section == Section::kKey) {
      std::istringstream keys(body);
      for (std::string k; keys >> k;)
        if (is_hex(k) && std::strtol(k.c_str(), nullptr, 16) == kBtnTouch) p.d.btn_touch = true;
    }
  }
  for (const Parsed& p : found)
    if (p.x && p.y && p.id && p.slot && p.d.x.present() && p.d.y.present() && p.d.path.rfind("/dev/input/event", 0) == 0)
      return p.d;
  return std::nullopt;
}

int parse_display_rotation(std::string_view text) {
  // Android 10-11: "SurfaceOrientation: 1"; 12+: "Viewport INTERNAL: ... orientation=1, ...".
  for (std::string_view key : {std::string_view("SurfaceOrientation: "), std::string_view("orientation=")}) {
    const auto at = text.find(key);
    if (at == std::string_view::npos) continue;
    const std::size_t v = at + key.size();
    if (v < text.size() && text[v] >= '0' && text[v] <= '3') return text[v] - '0';
  }
  return 0;
}

RawPoint to_raw(const TouchDevice& d, int rotation, calibration::InputPoint p, calibration::Size screen) {
  // Fractions of the screen at the pixel's centre, then turned back to the panel's orientation
  // (TouchInputMapper's rotation, inverted).
  const double fx = (p.x + 0.5) / screen.width, fy = (p.y + 0.5) / screen.height;
  double u = fx, v = fy;
  switch (rotation & 3) {
    case 1: u = 1 - fy, v = fx; break;
    case 2: u = 1 - fx, v = 1 - fy; break;
    case 3: u = fy, v = 1 - fx; break;
    default: break;
  }
  auto scale = [](double f, AxisRange r) {
    const int span = r.max - r.min + 1;
    return std::clamp(r.min + static_cast<int>(std::floor(f * span)), r.min, r.max);
  };
  return {scale(u, d.x), scale(v, d.y)};
}

std::vector<std::string> sendevent_words(const TouchDevice& d, const std::vector<RawPoint>& raw, int tracking_id) {
  std::vector<std::string> w;
  auto ev = [&](int type, int code, int value) {
    if (!w.empty()) w.push_back(";");
    w.insert(w.end(), {"sendevent", d.path, std::to_string(type), std::to_string(code), std::to_string(value)});
  };
  if (raw.empty()) return w;
  ev(kEvAbs, kAbsMtSlot, 0);
  ev(kEvAbs, kAbsMtTrackingId, tracking_id % (d.max_tracking_id + 1));
  if (d.btn_touch) ev(kEvKey, kBtnTouch, 1);
  ev(kEvAbs, kAbsMtPositionX, raw[0].x);
  ev(kEvAbs, kAbsMtPositionY, raw[0].y);
  if (d.pressure.present()) ev(kEvAbs, kAbsMtPressure, (d.pressure.min + d.pressure.max) / 2);
  if (d.touch_major.present()) ev(kEvAbs, kAbsMtTouchMajor, (d.touch_major.min + d.touch_major.max) / 8);
  ev(kEvSyn, kSynReport, 0);
  RawPoint last = raw[0];
  for (std::size_t i = 1; i < raw.size(); ++i) {
    if (raw[i].x == last.x && raw[i].y == last.y) continue;
    if (raw[i].x != last.x) ev(kEvAbs, kAbsMtPositionX, raw[i].x);
    if (raw[i].y != last.y) ev(kEvAbs, kAbsMtPositionY, raw[i].y);
    ev(kEvSyn, kSynReport, 0);
    last = raw[i];
  }
  ev(kEvAbs, kAbsMtTrackingId, -1);
  if (d.btn_touch) ev(kEvKey, kBtnTouch, 0);
  ev(kEvSyn, kSynReport, 0);
  return w;
}

std::vector<std::vector<std::string>> split_commands(const std::vector<std::string>& words, std::size_t max_chars) {
  std::vector<std::vector<std::string>> commands(1);
  for (const auto& w : words) {
    if (w == ";") commands.emplace_back();
    else commands.back().push_back(w);
  }
  std::vector<std::vector<std::string>> runs;
  std::size_t chars = 0;
  for (auto& c : commands) {
    if (c.empty()) continue;
    std::size_t len = 0;
    for (const auto& w : c) len += w.size() + 1;
    if (runs.empty() || chars + len + 2 > max_chars) {
      runs.emplace_back();
      chars = 0;
    } else {
      runs.back().push_back(";");
      chars += 2;
    }
    runs.back().insert(runs.back().end(), c.begin(), c.end());
    chars += len;
  }
  return runs;
}

}  // namespace pb::actuator
