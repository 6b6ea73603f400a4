/* image_puzzle.hpp: what a vision reader gives the app: a Puzzle read off an image that can draw itself. */
#pragma once

#include <memory>
#include <opencv2/core.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "calibration/profile.hpp"
#include "core/result.hpp"
#include "solvers/common/puzzle.hpp"
#include "vision/common/debug_sink.hpp"
#include "vision/common/params.hpp"

namespace pb::vision {

// A board read from an image. solve() keeps the typed solution so annotate() can draw it.
class ImagePuzzle : public solvers::Puzzle {
 public:
  // The image with what was read (lattice, cells, confidence) and, after a successful solve(),
  // the numbered moves drawn over it.
  virtual cv::Mat annotate(const cv::Mat& image) const = 0;
  // Lowest confidence over everything read, 0..1 (for auto-detection between games).
  virtual double confidence() const = 0;
};

// Options every reader understands. A profile (calibration/) may override a reader's Params:
// each reader looks under the node named after its game.
struct ReadOptions {
  calibration::ProfileDoc profile;  // empty for none
  DebugSink* debug = nullptr;  // receives what readers found (pictures), and why each read failed
};

// One entry of the reader list (vision/registry.cpp).
struct Reader {
  std::string_view game;
  Result<std::unique_ptr<ImagePuzzle>> (*read)(const cv::Mat& bgr, const ReadOptions& options);
  // The Params a profile may set under the node named `game`, with defaults and meanings.
  std::vector<ParamRow> (*params)();
  // `puzzlebot learn`: from a screenshot and the board text it shows, a profile (YAML text: the node
  // named `game` with the Params that differ from the defaults) with which this reader reads that
  // board exactly; learning starts from `options.profile`'s Params. Errors say why, and
  // "the <game> reader cannot learn a look yet" for a reader without a learn().
  Result<std::string> (*learn)(const cv::Mat& bgr, std::string_view board_text, const ReadOptions& options);
  // It reads text through Tesseract (vision/common/ocr.hpp; ReaderSpec's ReadsText::kYes): `doctor` names
  // these readers' screenshots as what needs the OCR module.
  bool reads_text = false;
};

}  // namespace pb::vision
