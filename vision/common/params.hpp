/* params.hpp: a reader's Params as a table of keys, and reading them from its profile node. */
#pragma once

// Every reader lists its Params once, as a table of ParamSpec (key, field, allowed range, meaning
// with its unit). The one table drives reading a profile node (params_from_table: a key not in the
// table is an error listing the valid ones, so a misspelled key is never silently ignored; each
// value is checked for its type and range, the error naming the key), `puzzlebot params --game G`,
// and docs/PARAMS.md (generated from it, and checked against it by a test). A fitter that learns
// Params from labelled screenshots can set fields by key through the same table.
// Checking that the values make sense together stays with each reader.
//
// Rejected: OpenCV's own `node >> value` per key (a key nobody asks for is never noticed) and one
// list of keys per use (load, help, docs drifted apart: issue #18).

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <opencv2/core.hpp>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "core/result.hpp"
#include "core/text.hpp"

namespace pb::vision {

// One parameter of a reader's Params `P`.
template <class P>
struct ParamSpec {
  const char* key;                                        // as a profile names it (the field's name)
  std::variant<int P::*, double P::*, bool P::*, std::string P::*> field;  // where it lives in P
  double lo, hi;  // the values a profile may give a number, inclusive (a text: its length)
  const char* meaning;                                    // what it does, with its unit
};

// The widest range a table gives when a reader states none: every reader parameter is a count, a
// size or a fraction, none negative.
inline constexpr double kAnyLo = 0, kAnyHi = 1e6;

// A parameter for people: `puzzlebot params`, docs/PARAMS.md.
struct ParamRow {
  std::string key, value, range, meaning, type;  // type: "int", "real", "bool" or "text"
};

// "14", "0.15", "true": as a profile would write it.
inline std::string param_number_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

template <class P>
std::string param_value_text(const ParamSpec<P>& spec, const P& p) {
  return std::visit(
      [&](auto member) -> std::string {
        using T = std::remove_cvref_t<decltype(p.*member)>;
        if constexpr (std::is_same_v<T, bool>) return p.*member ? "true" : "false";
        else if constexpr (std::is_same_v<T, std::string>) return p.*member;
        else return param_number_text(static_cast<double>(p.*member));
      },
      spec.field);
}

template <class P>
std::vector<ParamRow> param_rows(std::span<const ParamSpec<P>> table, const P& values = P{}) {
  std::vector<ParamRow> rows;
  for (const ParamSpec<P>& s : table) {
    ParamRow r;
    r.key = s.key;
    r.value = param_value_text(s, values);
    r.type = std::holds_alternative<bool P::*>(s.field)          ? "bool"
             : std::holds_alternative<int P::*>(s.field)         ? "int"
             : std::holds_alternative<std::string P::*>(s.field) ? "text"
                                                                 : "real";
    r.range = r.type == "bool"   ? "true/false"
              : r.type == "text" ? "text of " + param_number_text(s.lo) + " to " + param_number_text(s.hi) + " characters"
              : s.hi >= kAnyHi ? param_number_text(s.lo) + " or more"
                               : param_number_text(s.lo) + " to " + param_number_text(s.hi);
    r.meaning = s.meaning;
    rows.push_back(std::move(r));
  }
  return rows;
}

// The profile node `game` (YAML) holding the keys of `table` whose value in `values` differs from
// `defaults`: what `puzzlebot learn` writes. With no difference, an empty map (the defaults).
template <class P>
std::string params_profile_text(const char* game, std::span<const ParamSpec<P>> table, const P& values,
                                const P& defaults = P{}) {
  std::string body;
  for (const ParamSpec<P>& s : table) {
    const std::string v = param_value_text(s, values);
    if (v == param_value_text(s, defaults)) continue;
    const bool text = std::holds_alternative<std::string P::*>(s.field);
    body += std::string("  ") + s.key + ": " + (text ? "\"" + v + "\"" : v) + "\n";
  }
  return std::string(game) + ":" + (body.empty() ? " {}\n" : "\n" + body);
}

// `defaults` overridden by the keys of `node` (the profile node named `game`), each checked against
// `table`. A missing or empty node keeps the defaults. Errors name `game`.key and say what to write.
template <class P>
Result<P> params_from_table(const cv::FileNode& node, const char* game, std::span<const ParamSpec<P>> table,
                            const P& defaults) {
  P p = defaults;
  if (node.empty() || node.isNone()) return p;
  const std::string where = std::string("profile: `") + game + "`";
  if (!node.isMap()) return make_error(where + " must be a map of parameter names to values (puzzlebot params --game " + game + ")");
  for (const cv::FileNode& n : node) {
    const std::string key = n.name();
    const ParamSpec<P>* spec = nullptr;
    for (const ParamSpec<P>& s : table)
      if (key == s.key) spec = &s;
    if (spec == nullptr) {
      std::string valid, nearest;
      std::size_t best = 4;  // suggest only close spellings
      for (const ParamSpec<P>& s : table) {
        valid += (valid.empty() ? "" : ", ") + std::string(s.key);
        if (std::size_t d = edit_distance(key, s.key); d < best) best = d, nearest = s.key;
      }
      return make_error(where + " has no parameter '" + key + "'" +
                        (nearest.empty() ? std::string() : " (did you mean '" + nearest + "'?)") + "; its parameters: " +
                        valid + " (puzzlebot params --game " + game + " gives their meanings)");
    }
    const std::string name = std::string(game) + "." + key;
    const bool number = n.isInt() || n.isReal();
    const double v = number ? static_cast<double>(n) : 0;
    Result<void> set = std::visit(
        [&](auto member) -> Result<void> {
          using T = std::remove_cvref_t<decltype(p.*member)>;
          if constexpr (std::is_same_v<T, bool>) {
            const std::string text = n.isString() ? static_cast<std::string>(n) : std::string();
            if (number && (v == 0 || v == 1)) p.*member = v == 1;
            else if (text == "true" || text == "false") p.*member = text == "true";
            else return make_error("profile: " + name + " must be true or false (or 1 or 0)");
          } else if constexpr (std::is_same_v<T, std::string>) {
            const std::string text = n.isString() ? static_cast<std::string>(n) : std::string();
            if (!n.isString() || static_cast<double>(text.size()) < spec->lo || static_cast<double>(text.size()) > spec->hi)
              return make_error("profile: " + name + " must be a text (in quotes) of " + param_number_text(spec->lo) +
                                " to " + param_number_text(spec->hi) + " characters");
            p.*member = text;
          } else {
            const bool whole = std::is_integral_v<T>;
            if (!number || !std::isfinite(v) || (whole && v != std::floor(v)) || v < spec->lo || v > spec->hi)
              return make_error("profile: " + name + " must be " + (whole ? "a whole number" : "a number") + " from " +
                                param_number_text(spec->lo) + " to " + param_number_text(spec->hi));
            p.*member = static_cast<T>(v);
          }
          return {};
        },
        spec->field);
    if (!set) return set.error();
  }
  return p;
}

// params_from_table, then `check(params)`, which says what is inconsistent ("" when nothing).
template <class P, class Check>
Result<P> params_from_table(const cv::FileNode& node, const char* game, std::span<const ParamSpec<P>> table,
                            const P& defaults, Check check) {
  auto p = params_from_table(node, game, table, defaults);
  if (!p) return p;
  if (node.empty() || node.isNone()) return p;  // the defaults are consistent by construction
  if (std::string why = check(*p); !why.empty()) return make_error(std::move(why));
  return p;
}

}  // namespace pb::vision
