/* diagram.hpp: the valves reader's second look: a node-link diagram (lettered circles or squares, straight pipes, coloured ends). */
#pragma once

#include <opencv2/core.hpp>

#include "core/result.hpp"
#include "vision/common/debug_sink.hpp"
#include "vision/valves/reader.hpp"

namespace pb::vision::valves {

// The network drawn as a node-link diagram in `bgr`, whose ink (255: farther than page_distance from
// the page colour) is `fg`. When nothing looks like one the error is kNoBoard and its message says
// only what was missing ("no pipes between the nodes"): the reader puts it into its own sentence.
// `debug` (optional) receives a picture of the nodes found (lettered ones green) when the read fails.
Result<Reading> read_diagram(const cv::Mat& bgr, const cv::Mat& fg, const Params& params, DebugSink* debug = nullptr);

}  // namespace pb::vision::valves
