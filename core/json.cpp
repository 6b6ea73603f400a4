/* json.cpp: JSON string escaping and number formatting. */
#include "core/json.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace pb::json {

std::string quote(std::string_view s) {
  std::string out;
  out.reserve(s.size() + 2);
  out += '"';
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  out += '"';
  return out;
}

std::string number(double v) {
  if (!std::isfinite(v)) return "null";
  char buf[32];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  if (ec != std::errc()) return "null";
  return std::string(buf, end);
}

std::string array(const std::vector<std::string>& raw_items) {
  std::string out = "[";
  for (std::size_t i = 0; i < raw_items.size(); ++i) {
    if (i) out += ',';
    out += raw_items[i];
  }
  return out + "]";
}

std::string int_pairs(const std::vector<std::pair<int, int>>& pairs) {
  std::string out = "[";
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    if (i) out += ',';
    out += '[' + std::to_string(pairs[i].first) + ',' + std::to_string(pairs[i].second) + ']';
  }
  return out + "]";
}

ObjectWriter& ObjectWriter::raw(std::string_view key, std::string_view raw_json) {
  if (body_.size() > 1) body_ += ',';
  body_ += quote(key);
  body_ += ':';
  body_ += raw_json;
  return *this;
}

}  // namespace pb::json
