/* args.hpp: a small command-line option reader shared by the subcommands. */
#pragma once

// Rejected: getopt_long (global state, awkward for subcommands) and a third-party parser (a
// dependency for fifty lines). Options are `--name value` or `--name=value`; flags take no value.

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"

namespace pb::app {

struct OptionSpec {
  std::string_view name;  // without "--"
  bool takes_value;
};

struct ParsedArgs {
  std::vector<std::string> positional;
  std::map<std::string, std::string, std::less<>> values;  // flags map to ""

  bool has(std::string_view name) const { return values.find(name) != values.end(); }
  std::optional<std::string> get(std::string_view name) const;
  // An integer option in [lo, hi]; `fallback` when absent.
  Result<long long> get_int(std::string_view name, long long fallback, long long lo, long long hi) const;
};

// `argv` excludes the program and subcommand names. Unknown options are errors naming the option.
Result<ParsedArgs> parse_args(const std::vector<std::string>& argv, const std::vector<OptionSpec>& specs,
                              std::string_view command);

}  // namespace pb::app
