/* adb_fake_phone.hpp: test helper: a fresh simulated phone (tests/fake_adb) and running puzzlebot against it. */
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "platform/adb_device.hpp"

namespace pb::testing {

inline std::string fake_adb_path() { return std::string(PB_BINARY_DIR) + "/fake_adb/adb"; }

// The seed of the simulated phone's random choices (its animations' lengths, a screencap's cost,
// where fail_once's faults fall): PB_TEST_SEED when set, else a fresh one. Printed by each phone,
// so that a failure can be replayed with PB_TEST_SEED=N.
inline unsigned long long fake_phone_seed() {
  if (const char* s = std::getenv("PB_TEST_SEED"); s != nullptr && *s != '\0') return std::strtoull(s, nullptr, 10);
  return std::random_device{}() % 1000000000ULL;
}

// A phone with its own state folder; `config` lines go to the fake's config file, with the phone's
// seed (fault_seed) unless they name one.
class FakePhone {
 public:
  explicit FakePhone(const std::vector<std::string>& config) : seed_(fake_phone_seed()) {
    std::string tmpl = (std::filesystem::temp_directory_path() / "pb-fake-adb-XXXXXX").string();
    dir_ = ::mkdtemp(tmpl.data());
    std::printf("simulated phone: fault_seed %llu (PB_TEST_SEED=%llu replays it)\n", seed_, seed_);
    ::testing::Test::RecordProperty("fault_seed", std::to_string(seed_));
    set_config(config);
  }
  // Replaces the config; the fake reads it on every command.
  void set_config(const std::vector<std::string>& config) const {
    std::ofstream out(dir_ + "/config");
    out << "fault_seed=" << seed_ << "\n";  // a later line of the test's wins (the fake keeps the last)
    for (const auto& line : config) out << line << "\n";
  }
  unsigned long long seed() const { return seed_; }
  ~FakePhone() {
    std::error_code ec;
    if (!::testing::Test::HasFailure()) std::filesystem::remove_all(dir_, ec);  // kept for a look when a test fails
  }
  const std::string& dir() const { return dir_; }

  std::string file(const std::string& name) const {
    std::ifstream in(dir_ + "/" + name);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  std::string log() const { return file("log"); }
  bool logged(const std::string& what) const { return log().find(what) != std::string::npos; }

  // Runs puzzlebot ARGS... with this phone as the only one (through --adb-path unless `on_path`).
  platform::ProcessOutput puzzlebot(std::vector<std::string> args, bool adb_path = true, int timeout_s = 60) const {
    ::setenv("FAKE_ADB_STATE", dir_.c_str(), 1);
    std::vector<std::string> argv{PB_PUZZLEBOT};
    argv.insert(argv.end(), args.begin(), args.end());
    if (adb_path) {
      argv.push_back("--adb-path");
      argv.push_back(fake_adb_path());
    }
    auto r = platform::run_process(argv, std::chrono::seconds(timeout_s), 1 << 24);
    if (!r) {
      ADD_FAILURE() << r.error().message;
      return {-1, "", r.error().message};
    }
    return *r;
  }

 private:
  unsigned long long seed_;
  std::string dir_;
};

// Runs the fake's `adb ARGS...` against `phone` directly (no puzzlebot): for tests of the fake itself.
inline platform::ProcessOutput adb(const FakePhone& phone, const std::vector<std::string>& args) {
  ::setenv("FAKE_ADB_STATE", phone.dir().c_str(), 1);
  std::vector<std::string> argv{fake_adb_path()};
  argv.insert(argv.end(), args.begin(), args.end());
  auto r = platform::run_process(argv, std::chrono::seconds(30), 1 << 26);
  if (!r) {
    ADD_FAILURE() << r.error().message;
    return {-1, "", r.error().message};
  }
  return *r;
}

// The last line of `text` (without its newline).
inline std::string last_line(const std::string& text) {
  std::string t = text;
  while (!t.empty() && t.back() == '\n') t.pop_back();
  std::size_t nl = t.rfind('\n');
  return nl == std::string::npos ? t : t.substr(nl + 1);
}

}  // namespace pb::testing
