/* run_program.hpp: runs a command line the way a user's shell would, capturing output and exit status. */
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace pb::testing {

struct ProgramRun {
  int status = -1;  // exit status, or 128 + signal number
  std::string out;
  std::string err;
};

inline std::filesystem::path scratch_dir() {
  auto dir = std::filesystem::temp_directory_path() / ("pb-test-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  return dir;
}

inline std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// `command` is handed to /bin/sh; stderr is captured through a scratch file.
inline ProgramRun run_program(const std::string& command) {
  static int counter = 0;
  auto err = scratch_dir() / ("stderr-" + std::to_string(counter++));
  ProgramRun r;
  FILE* p = ::popen((command + " 2>" + err.string()).c_str(), "r");
  if (p == nullptr) return r;
  std::array<char, 4096> buf;
  std::size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
  int st = ::pclose(p);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
  r.err = read_file(err);
  std::filesystem::remove(err);
  return r;
}

// Exactly one line, ending in a newline.
inline bool is_one_line(const std::string& s) { return !s.empty() && s.find('\n') == s.size() - 1; }

}  // namespace pb::testing
