/* registry.hpp: the list of vision readers, one per game that can be read from a screenshot. */
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "vision/common/image_puzzle.hpp"

namespace pb::vision {

std::span<const Reader* const> readers();
const Reader* find_reader(std::string_view game);  // nullptr when the game has no reader
std::string reader_names();

// Tries every reader and keeps the most confident board; the error lists what each reader said.
// The readers run on up to `threads` threads (the calling one included; one when options.debug is
// set: a sink takes one reader's pictures at a time); the answer is the same for any count, readers
// taken in list order, and an exception a reader throws reaches the caller as from one thread.
Result<std::unique_ptr<ImagePuzzle>> read_any(const cv::Mat& bgr, const ReadOptions& options, unsigned threads = 1);

}  // namespace pb::vision
