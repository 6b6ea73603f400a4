/* registry.cpp: the vision readers: the games of PB_GAMES (solvers/CMakeLists.txt) that have a vision/<game>/ folder. */
#include "vision/registry.hpp"

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

Result<std::unique_ptr<ImagePuzzle>> read_any(const cv::Mat& bgr, const ReadOptions& options) {
  std::unique_ptr<ImagePuzzle> best;
  std::string why;
  for (const Reader* r : list()) {
    auto got = r->read(bgr, options);
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
