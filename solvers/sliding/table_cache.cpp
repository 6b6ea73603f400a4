/* table_cache.cpp: the sliding tables' cache file header, and writing a file whole or not at all. */
#include "solvers/sliding/table_cache.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <thread>

namespace pb::solvers::sliding {

namespace {
std::mutex g_sink_mutex;
BuildProgressSink g_sink;
}  // namespace

void set_build_progress_sink(BuildProgressSink sink) {
  std::lock_guard lock(g_sink_mutex);
  g_sink = std::move(sink);
}

bool build_progress_sink_set() {
  std::lock_guard lock(g_sink_mutex);
  return static_cast<bool>(g_sink);
}

void report_build_progress(const DbSpec& spec, double filled) {
  BuildProgressSink sink;
  {
    std::lock_guard lock(g_sink_mutex);
    sink = g_sink;
  }
  if (sink) sink(spec, filled);
}

void build_level_done(const DbSpec& spec, std::uint64_t filled, int& reported) {
  if (build_progress_sink_set()) {
    report_build_progress(spec, static_cast<double>(filled) / static_cast<double>(spec.entries()));
    return;
  }
  const int pct = static_cast<int>(100 * filled / spec.entries());
  if (pct / 10 > reported / 10) {
    std::fprintf(stderr, " %d%%", pct);
    std::fflush(stderr);
    reported = pct;
  }
}

Error build_stopped(const DbSpec& spec, const Limits& limits, bool talk) {
  if (talk) std::fprintf(stderr, " stopped\n");
  if (const Limit hit = limits.expired(); hit != Limit::kNone)
    return make_error(std::string(limit_words(hit)) + " while building pattern database " + spec.name());
  return make_error("pattern database " + spec.name() + ": depth overflow");
}

int default_build_threads() {
  const unsigned hw = std::thread::hardware_concurrency();
  return static_cast<int>(std::clamp(hw, 1u, 8u));
}

TableHeader table_header(const TableMagic& magic, const DbSpec& spec, std::uint64_t checksum) {
  TableHeader h{};
  std::memcpy(h.magic, magic, sizeof h.magic);
  h.rows = static_cast<std::uint32_t>(spec.rows);
  h.cols = static_cast<std::uint32_t>(spec.cols);
  h.k = static_cast<std::uint32_t>(spec.cells.size());
  h.blank = spec.blank;
  for (std::size_t i = 0; i < spec.cells.size(); ++i) h.cells[i] = static_cast<std::uint8_t>(spec.cells[i]);
  h.entries = spec.entries();
  h.checksum = checksum;
  return h;
}

std::string header_mismatch(const TableHeader& h, const TableMagic& magic, const DbSpec& spec) {
  const TableHeader want = table_header(magic, spec, 0);
  if (std::memcmp(h.magic, want.magic, sizeof h.magic) != 0) return "bad magic";
  if (h.rows != want.rows || h.cols != want.cols || h.k != want.k || h.blank != want.blank ||
      std::memcmp(h.cells, want.cells, sizeof h.cells) != 0 || h.entries != want.entries)
    return "header does not match the pattern";
  return "";
}

Result<void> write_table_file(const std::string& path, const TableHeader& h, const std::uint8_t* body,
                              std::uint64_t bytes) {
  std::error_code ec;
  const std::filesystem::path dir = std::filesystem::path(path).parent_path();
  std::filesystem::create_directories(dir, ec);
  if (ec) return make_error("cannot create " + dir.string() + ": " + ec.message());
  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return make_error("cannot write " + tmp);
  bool ok = ::write(fd, &h, sizeof h) == static_cast<ssize_t>(sizeof h);
  for (std::uint64_t at = 0; ok && at < bytes;) {
    const ssize_t n = ::write(fd, body + at, static_cast<std::size_t>(std::min<std::uint64_t>(bytes - at, 1u << 26)));
    ok = n > 0;
    at += ok ? static_cast<std::uint64_t>(n) : 0;
  }
  ok = ::close(fd) == 0 && ok;
  if (!ok) {
    std::filesystem::remove(tmp, ec);
    return make_error("write failed for " + tmp + " (disk full?)");
  }
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::filesystem::remove(tmp, ec);
    return make_error("cannot rename into " + path);
  }
  return {};
}

}  // namespace pb::solvers::sliding
