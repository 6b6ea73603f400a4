/* registry.cpp: the vision readers: the games of PB_GAMES (solvers/CMakeLists.txt) that have a vision/<game>/ folder. */
#include "vision/registry.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <optional>
#include <thread>
#include <vector>

#include "vision/reader_list.inc"  // generated from PB_GAMES (vision/CMakeLists.txt)

namespace pb::vision {
namespace {

const std::vector<const Reader*>& list() {
  static const std::vector<const Reader*> kReaders = {PB_READER_LIST};
  return kReaders;
}

}  // namespace

std::span<const Reader* const> readers() { return {list().data(), list().size()}; }

const Reader* find_reader(std::string_view game) {
  for (const Reader* r : list())
    if (r->game == game) return r;
  return nullptr;
}

std::string reader_names() {
  std::string out;
  for (const Reader* r : list()) out += (out.empty() ? "" : ", ") + std::string(r->game);
  return out;
}

Result<std::unique_ptr<ImagePuzzle>> read_any(const cv::Mat& bgr, const ReadOptions& options, unsigned threads) {
  // Each reader's answer in its place in the list; threads take the next reader not yet taken. A
  // screenshot of one game is refused by all the others, and on two cores the refusals take half
  // the time (README's first command: docs/PERFORMANCE.md).
  const std::size_t n = list().size();
  std::vector<std::optional<Result<std::unique_ptr<ImagePuzzle>>>> answers(n);
  std::vector<std::exception_ptr> thrown(n);
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t i; (i = next.fetch_add(1)) < n;) {
      try {
        answers[i].emplace(list()[i]->read(bgr, options));
      } catch (...) {
        thrown[i] = std::current_exception();
      }
    }
  };
  if (options.debug != nullptr) threads = 1;
  std::vector<std::thread> helpers;
  for (unsigned t = 1; t < std::min<std::size_t>(threads, n); ++t) helpers.emplace_back(work);
  work();
  for (std::thread& t : helpers) t.join();

  std::unique_ptr<ImagePuzzle> best;
  std::string why;
  for (std::size_t i = 0; i < n; ++i) {
    if (thrown[i]) std::rethrow_exception(thrown[i]);
    const Reader* r = list()[i];
    auto& got = *answers[i];
    if (!got) {
      why += (why.empty() ? "" : "; ") + std::string(r->game) + ": " + got.error().message;
      continue;
    }
    if (!best || (*got)->confidence() > best->confidence()) best = std::move(*got);
  }
  if (best) return best;
  if (list().empty()) return make_error("no vision reader is built in: give a board text file instead");
  return make_error(ErrorCode::kNoBoard, "no board found (" + why + ")", "check the game is on screen");
}

}  // namespace pb::vision
