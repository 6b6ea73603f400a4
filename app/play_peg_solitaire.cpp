/* play_peg_solitaire.cpp: Peg Solitaire's jump gesture (two clicks) and its Player. */
#include "app/play_peg_solitaire.hpp"

#include <cstdio>

#include "calibration/profile.hpp"
#ifdef PB_HAVE_PEGS_READER
#include "vision/pegs/reader.hpp"
#endif

namespace pb::app {

Result<FrameGesture> PegSolitaireRules::gesture(const PlayReading<State>& reading, const State& before,
                                                const Move& move) {
  auto g = PegsRules::gesture(reading, before, move);  // the peg's and the hole's centres
  if (!g) return g;
  g->kind = actuator::Gesture::Kind::kTap;  // a tap on each: select the peg, then land it
  return g;
}

Result<std::unique_ptr<Player>> make_peg_solitaire([[maybe_unused]] const PlayContext& context) {
#ifndef PB_HAVE_PEGS_READER
  return make_error("this puzzlebot was built without the Pegs reader (vision/pegs)");
#else
  auto params = calibration::reader_params<vision::pegs::Params>(
      context.profile, "pegs", [](const cv::FileNode& n) { return vision::pegs::load_params(n); });
  if (!params) return params.error();
  using Player = GamePlayer<PegSolitaireRules>;
  return std::unique_ptr<pb::app::Player>(std::make_unique<Player>([p = *params](const cv::Mat& bgr) -> Result<Player::Reading> {
    auto r = vision::pegs::read(bgr, p);
    if (!r) return r.error();
    return Player::Reading{std::move(r->state), std::move(r->centres), {}};
  }));
#endif
}

}  // namespace pb::app
