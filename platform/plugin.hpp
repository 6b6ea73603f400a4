/* plugin.hpp: puzzlebot's own shared modules (image codecs, OCR), loaded on first use. */
#pragma once

// Why: OpenCV's image codecs pull in 139 shared libraries on Debian (GDAL, GDCM, libheif, ...) and
// Tesseract 56 more; linked into the program, the dynamic loader mapped and relocated all of them at
// every start: 0.24 s before `puzzlebot --help` printed a line, and before a board text was read.
// Behind a module loaded on first use, a run that reads no image and no text pays nothing, and one
// that does pays the same once (docs/PERFORMANCE.md, "Start-up").
//
// A module is `puzzlebot-<name>.so`, built next to the programs (build/bin). Looked up in the running
// program's own folder, then in the build folder it was built in; $PUZZLEBOT_PLUGIN_DIR, when set,
// is the one folder looked in instead.
// Each module exports `pb_plugin_abi`, which must return kPluginAbi: a module left over from another
// build is refused with a message instead of crashing. Modules are never unloaded.
//
// Rejected: RTLD_GLOBAL (a module's libraries would join the program's symbol scope); loading the
// codecs ahead of time on a thread (every run would still pay the CPU, and the tests run hundreds).

#include <string>

#include "core/result.hpp"

namespace pb::platform {

// Bump when a module's exported functions change.
inline constexpr int kPluginAbi = 1;

// The loaded module `puzzlebot-<name>.so`, loaded once per process (thread-safe), or why not.
Result<void*> load_plugin(const std::string& name);

// Symbol `symbol` of a module from load_plugin, or an error naming both.
Result<void*> plugin_symbol(void* module, const std::string& name, const char* symbol);

}  // namespace pb::platform
