/* json.hpp: the little JSON writing the command line needs (strings, numbers, nested raw values). */
#pragma once

// Rejected: a JSON library dependency. We only ever write JSON, in a handful of shapes.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pb::json {

// `s` as a JSON string literal, quotes included; UTF-8 passes through, control bytes are escaped.
std::string quote(std::string_view s);

// A finite double in the shortest form that reads back the same; NaN and infinities become null.
std::string number(double v);

// [a,b,...] from values that are already JSON.
std::string array(const std::vector<std::string>& raw_items);

// [[r,c],[r,c],...] : the shape most games' "moves" take.
std::string int_pairs(const std::vector<std::pair<int, int>>& pairs);

// Builds one JSON object, keys in insertion order.
class ObjectWriter {
 public:
  ObjectWriter& raw(std::string_view key, std::string_view raw_json);
  ObjectWriter& string(std::string_view key, std::string_view value) { return raw(key, quote(value)); }
  ObjectWriter& number(std::string_view key, double value) { return raw(key, json::number(value)); }
  ObjectWriter& integer(std::string_view key, std::int64_t value) { return raw(key, std::to_string(value)); }
  std::string str() const { return body_ + "}"; }

 private:
  std::string body_ = "{";
};

}  // namespace pb::json
