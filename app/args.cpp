/* args.cpp: option reading for the subcommands. */
#include "app/args.hpp"

#include <charconv>

namespace pb::app {

std::optional<std::string> ParsedArgs::get(std::string_view name) const {
  auto it = values.find(name);
  if (it == values.end()) return std::nullopt;
  return it->second;
}

Result<long long> ParsedArgs::get_int(std::string_view name, long long fallback, long long lo,
                                      long long hi) const {
  auto v = get(name);
  if (!v) return fallback;
  long long out = 0;
  auto [end, ec] = std::from_chars(v->data(), v->data() + v->size(), out);
  if (ec != std::errc() || end != v->data() + v->size() || out < lo || out > hi)
    return make_error("--" + std::string(name) + " takes a whole number from " + std::to_string(lo) +
                      " to " + std::to_string(hi) + ", not '" + *v + "'");
  return out;
}

Result<ParsedArgs> parse_args(const std::vector<std::string>& argv, const std::vector<OptionSpec>& specs,
                              std::string_view command) {
  ParsedArgs out;
  bool only_positional = false;
  for (std::size_t i = 0; i < argv.size(); ++i) {
    const std::string& a = argv[i];
    if (only_positional || a.size() < 2 || a[0] != '-' || a == "-") {
      out.positional.push_back(a);
      continue;
    }
    if (a == "--") {
      only_positional = true;
      continue;
    }
    std::string name = a.substr(a[1] == '-' ? 2 : 1);
    std::optional<std::string> inline_value;
    if (auto eq = name.find('='); eq != std::string::npos) {
      inline_value = name.substr(eq + 1);
      name.resize(eq);
    }
    if (name == "h") name = "help";
    const OptionSpec* spec = nullptr;
    for (const auto& s : specs)
      if (s.name == name) spec = &s;
    if (spec == nullptr)
      return make_error("unknown option '" + a + "' for '" + std::string(command) + "': see 'puzzlebot " +
                        std::string(command) + " --help'");
    if (!spec->takes_value) {
      if (inline_value) return make_error("--" + name + " takes no value");
      out.values[name] = "";
      continue;
    }
    if (inline_value) {
      out.values[name] = *inline_value;
    } else if (i + 1 < argv.size()) {
      out.values[name] = argv[++i];
    } else {
      return make_error("--" + name + " needs a value: see 'puzzlebot " + std::string(command) + " --help'");
    }
  }
  return out;
}

}  // namespace pb::app
