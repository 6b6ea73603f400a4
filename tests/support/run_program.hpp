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

#ifdef PB_PUZZLEBOT
// The built program (its path is given to the tests whose build sees it) run with `args`.
inline ProgramRun puzzlebot(const std::string& args) { return run_program(std::string(PB_PUZZLEBOT) + " " + args); }
#endif

// `s` as a JSON string holds it, for the texts of board files (newlines escaped, nothing else).
inline std::string json_text(const std::string& s) {
  std::string out;
  for (char c : s) out += c == '\n' ? std::string("\\n") : std::string(1, c);
  return out;
}

// A fresh folder of its own under scratch_dir(), removed with the object.
class TempDir {
 public:
  TempDir() {
    path_ = scratch_dir() / ("dir-" + std::to_string(n_++));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  ~TempDir() { std::filesystem::remove_all(path_); }
  const std::filesystem::path& path() const { return path_; }
  // Writes `text` to the file `name` in the folder (making its folders) and returns its path.
  std::filesystem::path write(const std::string& name, const std::string& text) const {
    std::filesystem::create_directories((path_ / name).parent_path());
    std::ofstream(path_ / name, std::ios::binary) << text;
    return path_ / name;
  }

 private:
  static inline int n_ = 0;
  std::filesystem::path path_;
};

}  // namespace pb::testing
