/* plugin.cpp: finding, checking and loading puzzlebot-<name>.so once per process. */
#include "platform/plugin.hpp"

#include <dlfcn.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
#include <vector>

namespace pb::platform {
namespace {

std::vector<std::string> candidate_dirs() {
  std::vector<std::string> dirs;
  if (const char* env = std::getenv("PUZZLEBOT_PLUGIN_DIR"); env != nullptr && *env != '\0') {
    dirs.emplace_back(env);  // set: the one place looked in
    return dirs;
  }
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) dirs.push_back(self.parent_path().string());
#ifdef PB_PLUGIN_BUILD_DIR
  dirs.emplace_back(PB_PLUGIN_BUILD_DIR);
#endif
  return dirs;
}

Result<void*> open_module(const std::string& name) {
  const std::string file = "puzzlebot-" + name + ".so";
  std::string tried;
  for (const std::string& dir : candidate_dirs()) {
    const std::string path = dir + "/" + file;
    if (::access(path.c_str(), F_OK) != 0) {
      tried += (tried.empty() ? "" : ", ") + dir;
      continue;
    }
    void* module = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (module == nullptr) {
      const char* why = ::dlerror();
      return make_error("cannot load " + path + " (" + (why != nullptr ? why : "unknown error") +
                        "): run scripts/setup.sh to install its libraries and rebuild");
    }
    using Abi = int (*)();
    auto abi = reinterpret_cast<Abi>(::dlsym(module, "pb_plugin_abi"));
    if (abi == nullptr || abi() != kPluginAbi)
      return make_error(path + " is from another build of puzzlebot: rebuild (scripts/setup.sh)");
    return module;
  }
  return make_error(file + " not found (looked in " + tried +
                    "): keep it next to the puzzlebot program, or set PUZZLEBOT_PLUGIN_DIR to its folder");
}

}  // namespace

Result<void*> load_plugin(const std::string& name) {
  static std::mutex mutex;
  static std::map<std::string, Result<void*>> loaded;  // successes and failures alike: tried once
  std::lock_guard lock(mutex);
  auto it = loaded.find(name);
  if (it == loaded.end()) it = loaded.emplace(name, open_module(name)).first;
  return it->second;
}

Result<void*> plugin_symbol(void* module, const std::string& name, const char* symbol) {
  if (void* p = ::dlsym(module, symbol)) return p;
  return make_error("puzzlebot-" + name + ".so has no " + symbol + ": rebuild (scripts/setup.sh)");
}

}  // namespace pb::platform
