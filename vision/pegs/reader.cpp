/* reader.cpp: Pegs' discs and their lattice (detect), peg/hole per site by hypotheses over the discs' looks (decode), checked against the game's rules (verify). */
#include "vision/pegs/reader.hpp"

// Rejected designs:
// - Hough circles: needs radius bounds (unknown: the window sets the tile size) and edge thresholds
//   that depend on the colour scheme; closed outlines that a circle fits need neither.
// - Fixed colours, or one fixed rule (size in Simon Tatham's Pegs, colourfulness in Peg Solitaire):
//   each game draws its own way, and a selected peg or a hint ring breaks any single rule. Roles come
//   from how discs differ from each other, and what does not fit is settled by the game's rules or
//   refused.
// - "The board must be solvable" as a check: a reader that picks the solvable reading hides its own
//   mistakes behind the solver (issue #24: a wrong read was "proved" unsolvable; the converse is as bad).
// - The grid from the board's bevelled outline: it is only a couple of pixels wide, may be the
//   background's colour, and gives no site where the outline is straight for several tiles.

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <opencv2/imgproc.hpp>
#include <sstream>

#include "vision/common/clipping.hpp"
#include "vision/common/colour.hpp"
#include "vision/common/disc_lattice.hpp"
#include "vision/common/discs.hpp"
#include "vision/common/lattice.hpp"
#include "vision/common/learn_climb.hpp"
#include "vision/common/params.hpp"

namespace pb::vision::pegs {
namespace {

// A peg has at most four jumps: more hinted holes than that are not hints (the game's rule, not a look).
constexpr int kMaxTargets = 4;

vision::DiscShape disc_shape(const Params& p) {
  vision::DiscShape s;
  s.min_diameter_px = p.min_disc_px;
  s.max_aspect = p.max_disc_aspect;
  s.min_roundness = p.min_disc_roundness;
  return s;
}

// Whether the disc of radius `r` about `c` in `frame` is plain (colour spread at most
// `max_outside_spread`) and of the colour seen between the discs (`min_ground_matches` of `ground`
// alike): the board showing, no peg and no hole.
bool shows_ground(const cv::Mat& frame, const std::vector<cv::Vec3f>& ground, cv::Point c, int r, const Params& p) {
  const cv::Rect probe = cv::Rect(c.x - r, c.y - r, 2 * r + 1, 2 * r + 1) & cv::Rect(0, 0, frame.cols, frame.rows);
  if (probe.area() == 0) return false;
  cv::Mat mask = cv::Mat::zeros(probe.size(), CV_8U);
  cv::circle(mask, c - probe.tl(), r, cv::Scalar(255), cv::FILLED);
  cv::Scalar mean, spread;
  cv::meanStdDev(frame(probe), mean, spread, mask);
  const cv::Mat px(1, 1, CV_8UC3, cv::Scalar(mean[0], mean[1], mean[2]));
  const cv::Vec3f colour = vision::to_lab(px).at<cv::Vec3f>(0, 0);
  const auto alike = std::count_if(ground.begin(), ground.end(),
                                   [&](const cv::Vec3f& g) { return vision::lab_distance(g, colour) <= p.appearance_tolerance; });
  return std::max({spread[0], spread[1], spread[2]}) <= p.max_outside_spread && alike >= p.min_ground_matches;
}

std::string site_name(int i, int cols) { return "(" + std::to_string(i / cols) + "," + std::to_string(i % cols) + ")"; }

Result<Lattice> detect_with_background(const cv::Mat& bgr, const cv::Vec3b& bg, const std::vector<vision::Disc>& shared,
                                       const cv::Mat& lab, const Params& p, DebugSink* debug) {
  const vision::DiscShape shape = disc_shape(p);
  std::vector<vision::Disc> candidates = vision::ink_discs(bgr, bg, p.background_tolerance, shape);
  candidates.insert(candidates.end(), shared.begin(), shared.end());
  std::vector<vision::Disc> all = vision::merge_discs(candidates, shape);
  const auto [lo, hi] = vision::board_size_range(all, p.size_range, p.min_sites);
  std::vector<std::size_t> sized;  // indices into `all` of the board-sized discs
  std::vector<cv::Point2f> centres;
  std::vector<float> slack;
  for (std::size_t i = 0; i < all.size(); ++i) {
    const float r = vision::outline_in(all[i], lo, hi, lo);
    if (r <= 0) continue;
    sized.push_back(i);
    centres.push_back(all[i].centre);
    slack.push_back(r);
  }
  std::vector<std::size_t> members;
  // A failed read shows its discs to the sink: those on the board's lattice green, the others red.
  auto failed = [&](Error why) -> Error {
    if (debug != nullptr) {
      std::vector<cv::Rect> boxes;
      std::vector<bool> kept;
      for (std::size_t k = 0; k < sized.size(); ++k) {
        boxes.push_back(all[sized[k]].box);
        kept.push_back(std::find(members.begin(), members.end(), k) != members.end());
      }
      debug->picture("pegs", "discs", draw_candidates(bgr, boxes, kept, std::to_string(sized.size()) + " round discs, " +
                                                                            std::to_string(members.size()) + " on one lattice"));
    }
    return why;
  };
  if (static_cast<int>(sized.size()) < p.min_sites) return failed(make_error(ErrorCode::kNoBoard, "no board found: no pegs or holes (round discs)"));
  vision::LatticeFitParams lp;
  lp.tolerance = p.lattice_tolerance;
  lp.max_side = p.max_side;
  // The lattice is fitted to the discs whose centre lies inside no larger board-sized disc (two
  // sites' discs are a pitch apart, and none reaches past half a pitch): a glossy ball's lit middle
  // is a disc of its own, off the ball's centre by a third of its radius (too far to share it), and
  // its gaps to the neighbouring balls voted for a pitch that much short (seed 9005 of the look
  // sweep fitted 89.5 px to balls 103 px apart). Those discs stay board-sized: their outlines join
  // their ball's below.
  std::vector<std::size_t> fitted;  // indices into `sized` of the discs the lattice is fitted to
  std::vector<cv::Point2f> fit_centres;
  std::vector<float> fit_slack;
  for (std::size_t k = 0; k < sized.size(); ++k) {
    const vision::Disc& d = all[sized[k]];
    const bool contained = std::any_of(sized.begin(), sized.end(), [&](std::size_t j) {
      return all[j].radius > d.radius && cv::norm(all[j].centre - d.centre) < all[j].radius;
    });
    if (contained) continue;
    fitted.push_back(k);
    fit_centres.push_back(centres[k]);
    fit_slack.push_back(slack[k]);
  }
  auto fit = vision::fit_square_lattice(fit_centres, fit_slack, lp, p.min_sites);
  if (!fit) return failed(fit.error());
  for (std::size_t& k : fit->members) k = fitted[k];
  for (std::size_t& k : fit->strays) k = fitted[k];
  members = fit->members;
  // The discs on the board's sites: the fit's members, then, grown out from them as the fit links
  // its board (a row or column neighbour up to `max_link_steps` sites away), discs centred on the
  // lattice's sites: board-sized ones the fit left apart, and ones below the board's size range
  // down to its lower end / `site_disc_ratio` (a thin ring hole half a ball's size, a dimple whose
  // rim melts into its shadow at 0.5x: only an inner outline was found). The lattice comes from the
  // board-sized discs; a smaller disc only joins it on a site next to the board, so specks and
  // letters elsewhere are not asked.
  struct Placed {
    std::size_t disc;  // index into `all`
    int row, col;      // the fit's sites (the board may grow past them)
    float offset;      // from its site, pitches
    float lo, hi;      // its outline's range, px
  };
  std::vector<Placed> placed;
  for (std::size_t k = 0; k < members.size(); ++k)
    placed.push_back({sized[members[k]], fit->sites[k].first, fit->sites[k].second, fit->offsets[k], lo, hi});
  const float small_lo = static_cast<float>(lo / p.site_disc_ratio);
  std::vector<Placed> more;
  {
    for (std::size_t j = 0; j < all.size(); ++j) {
      const bool board_sized = outline_in(all[j], lo, hi, lo) > 0;
      if (board_sized ? std::any_of(placed.begin(), placed.end(), [&](const Placed& q) { return q.disc == j; })
                      : outline_in(all[j], small_lo, lo, lo) <= 0)
        continue;
      const cv::Point2f at = (all[j].centre - fit->origin) / fit->pitch;
      const int row = static_cast<int>(std::lround(at.y)), col = static_cast<int>(std::lround(at.x));
      const auto offset = static_cast<float>(cv::norm(at - cv::Point2f(static_cast<float>(col), static_cast<float>(row))));
      if (offset <= p.lattice_tolerance) more.push_back({j, row, col, offset, board_sized ? lo : small_lo, board_sized ? hi : lo});
    }
    std::sort(more.begin(), more.end(), [](const Placed& a, const Placed& b) { return a.offset < b.offset; });
  }
  int top = 0, left = 0, bottom = fit->rows - 1, right = fit->cols - 1;
  // Joins the discs of `more` linked to the board, until none is; true if one joined. Asked again
  // whenever the probe below grows the board: a site the cues centred a disc on may be linked only
  // through sites the probe found (seed 60: a small pale hole at 0.5x beside balls no cue closed is
  // too small for the probe's window, and was left off the board).
  const auto join_more = [&] {
    bool joined = false;
    for (bool grew = true; grew;) {
      grew = false;
      for (const Placed& q : more) {
        bool taken = false, linked = false;
        for (const Placed& o : placed) {
          const int dr = std::abs(o.row - q.row), dc = std::abs(o.col - q.col);
          taken = taken || (dr == 0 && dc == 0);
          linked = linked || (dr == 0 && dc >= 1 && dc <= lp.max_link_steps) || (dc == 0 && dr >= 1 && dr <= lp.max_link_steps);
        }
        if (taken || !linked) continue;
        placed.push_back(q);
        grew = joined = true;
      }
    }
    for (const Placed& q : placed) top = std::min(top, q.row), left = std::min(left, q.col), bottom = std::max(bottom, q.row), right = std::max(right, q.col);
    return joined;
  };
  join_more();
  // A site with no disc yet, inside the board or next to it (linked as the fit links its board),
  // is probed from its centre (vision::edge_radius): no cue closes a glossy ball's outline where its
  // rim melts into its drop shadow, nor a dimple's whose shading fades into the board at 0.5x, but
  // their rims are still a ring of colour steps about the site. It is a disc only if nearly every
  // ray finds its edge, and at one radius (`probe_min_rays` within `probe_spread` of their median,
  // or `probe_spread_px`, whichever is more: a peg dragged half over the site, a tile's line, text
  // or a panel's edges are no ring, while a 12-px dimple at 0.5x, lit on one side, or a flat peg
  // whose chroma edge JPEG squared, strays by 1-2 px along its rim whatever its size), at a
  // radius in the board's range or below it down to its lower end / `site_disc_ratio`, as for the
  // discs the cues centred on sites: the rim's edge lies inside the ink blob's outline that set the
  // range (faint anti-aliased and shaded pixels count there), and a dimple 0.65 of a peg measured
  // 6.7 px at its rim against a range from 7.2. A plain site has no steps and stays outside.
  // The board grows until no site next to it is a disc: a row of balls no cue found is a row of
  // the board, not a board a row smaller.
  if (p.probe_min_rays > 0) {
    vision::EdgeProbe probe;
    probe.min_rays = p.probe_min_rays;
    probe.max_spread = p.probe_spread;
    probe.min_spread_px = p.probe_spread_px;
    probe.max_radius = hi;  // a ring drawn round a selected peg lies past the range: its edge is not the peg's rim
    std::vector<float> radii;
    for (const Placed& q : placed) radii.push_back(outline_in(all[q.disc], q.lo, q.hi, q.hi));
    // Probed from two sizes: the discs' median, and the larger discs' (the upper quartile). With
    // pegs and holes of two sizes the median is the commoner kind's: a ball's rim 1.5 times a small
    // ring hole lies past the window the smaller size opens, which holds only the ball's shading
    // (seed 9088: a selected ball inside its ring, at 21 px against holes of 14).
    const float typical = median_of(radii);
    std::sort(radii.begin(), radii.end());
    const float larger = radii.empty() ? typical : radii[radii.size() * 3 / 4];
    std::set<std::pair<int, int>> tried;
    for (bool grew = true; grew && bottom - top < p.max_side && right - left < p.max_side;) {
      grew = false;
      for (int row = top - 1; row <= bottom + 1; ++row)
        for (int col = left - 1; col <= right + 1; ++col) {
          bool taken = false, linked = false;
          for (const Placed& o : placed) {
            const int dr = std::abs(o.row - row), dc = std::abs(o.col - col);
            taken = taken || (dr == 0 && dc == 0);
            linked = linked || (dr == 0 && dc >= 1 && dc <= lp.max_link_steps) || (dc == 0 && dr >= 1 && dr <= lp.max_link_steps);
          }
          if (taken || !linked || !tried.insert({row, col}).second) continue;
          const cv::Point2f at = fit->centre(row, col);
          float r = vision::edge_radius(bgr, at, typical, probe);
          if (r <= 0 && larger > typical * p.probe_larger) r = vision::edge_radius(bgr, at, larger, probe);
          if (r < small_lo || r > hi) continue;
          vision::Disc d;
          d.centre = at;
          d.radius = r;
          d.outlines = {r};
          d.box = cv::Rect(cv::Point(cvRound(at.x - r), cvRound(at.y - r)), cv::Point(cvRound(at.x + r), cvRound(at.y + r)));
          all.push_back(d);
          placed.push_back({all.size() - 1, row, col, 0.0f, r < lo ? small_lo : lo, r < lo ? lo : hi});
          top = std::min(top, row), left = std::min(left, col), bottom = std::max(bottom, row), right = std::max(right, col);
          grew = true;
        }
      if (grew) join_more();
    }
  }
  if (bottom - top + 1 > p.max_side || right - left + 1 > p.max_side)
    return failed(make_error(ErrorCode::kNoBoard, "no board found: the lattice is larger than the reader accepts (pegs.max_side)"));
  Lattice lat;
  lat.pitch = fit->pitch;
  lat.origin = fit->centre(top, left);
  lat.rows = bottom - top + 1;
  lat.cols = right - left + 1;
  lat.background = bg;
  lat.frame = bgr;
  {
    cv::Mat px(1, 1, CV_8UC3, cv::Scalar(bg[0], bg[1], bg[2]));
    lat.board_lab = vision::to_lab(px).at<cv::Vec3f>(0, 0);
  }
  const auto cells = static_cast<std::size_t>(lat.rows * lat.cols);
  lat.discs.assign(cells, Disc{});
  lat.offsets.assign(cells, 0.0f);
  lat.patterns.assign(cells, {});
  lat.contrasts.assign(cells, 0.0f);
  for (const Placed& q : placed) {
    // Every outline about this centre, also those of discs the merge kept apart (a ball's lit middle
    // is a disc of its own, too small to be concentric with the ball's rim).
    vision::Disc v = all[q.disc];
    for (std::size_t j : sized)
      if (j != q.disc && cv::norm(all[j].centre - v.centre) <= shape.merge_offset * std::min(all[j].radius, v.radius))
        v.outlines.insert(v.outlines.end(), all[j].outlines.begin(), all[j].outlines.end());
    std::sort(v.outlines.begin(), v.outlines.end());
    const auto idx = static_cast<std::size_t>((q.row - top) * lat.cols + (q.col - left));
    // Its size: the outermost outline in the board's range (an outline drawn round a disc, or a
    // ring hole's line, has an inner edge too); its look inside the innermost (a hint ring lies
    // outside the disc it marks).
    const float r = vision::outline_in(v, q.lo, q.hi, q.lo);
    const vision::DiscLook look = vision::disc_look(lab, v.centre, r, p.middle);
    Disc& d = lat.discs[idx];
    d.centre = v.centre;
    // Its size at its outermost outline's edge to a fraction of a pixel (edge_radius): the outline's
    // own radius counts faint edge pixels, more of them for some colours than others, and a hole
    // 3/4 of a peg measured 0.82 of it at a tile of 28 px.
    const float outer = vision::outline_in(v, q.lo, q.hi, q.hi);
    // No farther out than `size_reach` pitches: a site's disc lies inside its tile, and past it a
    // steeper edge is the tile's outline or the neighbour's (seed 2114: soft dimples at 0.5x measured
    // to their tiles' light outlines, 9 px at a pitch of 15.5, against red pegs of 6.2, and size
    // named the pegs holes).
    vision::EdgeProbe within_tile;
    within_tile.max_radius = static_cast<double>(p.size_reach * lat.pitch);
    const float edge = vision::edge_radius(bgr, v.centre, outer, within_tile);
    d.diameter = 2 * (edge > 0 ? edge : outer);
    d.box = v.box;
    d.lab = look.lab;
    d.chroma = look.chroma;
    lat.offsets[idx] = q.offset;
    lat.patterns[idx] = look.pattern;
    lat.contrasts[idx] = look.contrast;
  }
  // The board between discs: `ground_offset` pitches off each disc diagonally (past a disc of 0.45
  // pitches with its ring, short of its tile's corner at 0.5).
  for (const Disc& d : lat.discs) {
    if (d.diameter <= 0) continue;
    for (const cv::Point2f dir : {cv::Point2f(1, 1), cv::Point2f(1, -1), cv::Point2f(-1, 1), cv::Point2f(-1, -1)}) {
      const cv::Point at(d.centre + dir * static_cast<float>(p.ground_offset * lat.pitch));
      if (cv::Rect(0, 0, lab.cols, lab.rows).contains(at)) lat.ground.push_back(lab.at<cv::Vec3f>(at));
    }
  }
  lat.board = lattice_bounds(lat.origin, lat.rows, lat.cols, lat.pitch);
  // A board cut by the frame's edge reads as a smaller one (the cut row's discs are no longer round
  // and were dropped): refused. Peg Solitaire's white canvas ends at the board's bounds on the
  // right, 10 px (a quarter pitch) from the window's edge, and the window's grey margin fills the
  // rest: a margin parted from the balls by a line of canvas, not the edge cutting the board
  // (clear_line_is_margin).
  vision::ClipCheck clip;
  clip.clear_line_is_margin = true;
  if (auto whole = check_not_clipped(bgr, bg, p.background_tolerance, lat.board, lat.pitch, "Pegs", clip); !whole)
    return failed(whole.error());
  // A board-sized disc inside the board but off the lattice: a dragged peg, or not Pegs.
  for (std::size_t k : fit->strays) {
    const vision::Disc& v = all[sized[k]];
    if (!lat.board.contains(cv::Point(v.centre))) continue;
    // A stray that overlaps a site's disc is part of it (a shadow's crescent, a highlight).
    bool overlaps = false;
    for (const Disc& d : lat.discs)
      if (d.diameter > 0 && cv::norm(d.centre - v.centre) < d.diameter / 2) overlaps = true;
    if (overlaps) continue;
    // Nor is the board showing where four discs leave it a round-ish gap (pale holes on a darker
    // board at 0.5x): its middle is plain and of the colour seen between the discs.
    if (shows_ground(bgr, lat.ground, cv::Point(v.centre), std::max(1, static_cast<int>(v.radius / 2)), p)) continue;
    return failed(make_error("a peg between sites near (" + std::to_string(static_cast<int>(v.centre.x)) + ", " +
                             std::to_string(static_cast<int>(v.centre.y)) +
                             "): is a drag in progress? read again once the window is still"));
  }
  return lat;
}

// Groups of alike discs (leader clustering, then k-means rounds): each disc joins the group whose
// mean middle colour is nearest, within `tolerance` Lab and with a radius within `size_gap` of the
// group's mean, or starts one (a peg and a hole of like colours still differ in size). Returns the group per site
// (-1: no disc) and the number of groups, largest group first.
std::pair<std::vector<int>, int> group_looks(const Lattice& lat, double tolerance, double size_gap) {
  std::vector<int> group(lat.discs.size(), -1);
  std::vector<cv::Vec3f> sums, means;
  std::vector<float> radius_sums, radii;
  std::vector<int> counts;
  auto nearest = [&](const cv::Vec3f& c, float r) {
    int best = -1;
    float best_d = static_cast<float>(tolerance);
    for (std::size_t g = 0; g < means.size(); ++g) {
      if (std::abs(1 - std::min(r, radii[g]) / std::max(r, radii[g])) >= size_gap) continue;
      if (const float d = vision::lab_distance(c, means[g]); d <= best_d) best_d = d, best = static_cast<int>(g);
    }
    return best;
  };
  for (int round = 0; round < 4; ++round) {
    sums.assign(means.size(), cv::Vec3f(0, 0, 0));
    radius_sums.assign(means.size(), 0.0f);
    counts.assign(means.size(), 0);
    for (std::size_t i = 0; i < lat.discs.size(); ++i) {
      if (lat.discs[i].diameter <= 0) continue;
      const cv::Vec3f& c = lat.discs[i].lab;
      const float r = lat.discs[i].diameter / 2;
      int g = nearest(c, r);
      if (g < 0) {  // a new look: its own group from now on
        means.push_back(c);
        radii.push_back(r);
        sums.emplace_back(0, 0, 0);
        radius_sums.push_back(0);
        counts.push_back(0);
        g = static_cast<int>(means.size() - 1);
      }
      group[i] = g;
      sums[static_cast<std::size_t>(g)] += c;
      radius_sums[static_cast<std::size_t>(g)] += r;
      ++counts[static_cast<std::size_t>(g)];
    }
    std::vector<cv::Vec3f> next;
    std::vector<float> next_radii;
    for (std::size_t g = 0; g < means.size(); ++g)
      if (counts[g] > 0) next.push_back(sums[g] / static_cast<float>(counts[g])), next_radii.push_back(radius_sums[g] / static_cast<float>(counts[g]));
    const bool same = next.size() == means.size();
    const bool settled = same && std::equal(next.begin(), next.end(), means.begin(),
                                            [](const cv::Vec3f& a, const cv::Vec3f& b) { return vision::lab_distance(a, b) < 0.01f; });
    means = next;
    radii = next_radii;
    if (settled) break;  // (a group that emptied shifts the indices: another round assigns again)
  }
  // Largest group first (the indices of the last round's groups).
  const int top = *std::max_element(group.begin(), group.end());
  std::vector<int> count(static_cast<std::size_t>(std::max(0, top + 1)), 0);
  for (int g : group)
    if (g >= 0) ++count[static_cast<std::size_t>(g)];
  std::vector<int> order(count.size());
  for (std::size_t g = 0; g < order.size(); ++g) order[g] = static_cast<int>(g);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return count[static_cast<std::size_t>(a)] > count[static_cast<std::size_t>(b)]; });
  std::vector<int> rank(count.size(), -1);
  int used = 0;
  for (int g : order)
    if (count[static_cast<std::size_t>(g)] > 0) rank[static_cast<std::size_t>(g)] = used++;
  for (int& g : group)
    if (g >= 0) g = rank[static_cast<std::size_t>(g)];
  return {group, used};
}

// What a group of discs looks like as a whole.
struct GroupLook {
  std::vector<std::size_t> sites;
  float radius = 0;     // median, px
  bool hollow = false;  // its middles are the colour between discs: an outline (a ring hole), whose line's width adds to its size
  float spread = 0;     // of the radii about the median (1.4826 x their median absolute deviation, a standard deviation's estimate), px
  float chroma = 0;     // mean Lab chroma
  float board = 0;      // mean Lab distance of the middles from the board's colour
  cv::Vec3f lab;        // mean Lab of the middles
};

// The jumps' landing holes of the peg at `from` in `s`.
bool can_land(const State& s, int from, int to) {
  const int fr = from / s.cols, fc = from % s.cols, tr = to / s.cols, tc = to % s.cols;
  if (!((fr == tr && std::abs(fc - tc) == 2) || (fc == tc && std::abs(fr - tr) == 2))) return false;
  const solvers::pegs::Cell over{(fr + tr) / 2, (fc + tc) / 2};
  return s.at(over) == Site::kPeg && s.sites[static_cast<std::size_t>(to)] == Site::kHole &&
         s.sites[static_cast<std::size_t>(from)] == Site::kPeg;
}

// Whether holes are group `h` rather than group `g`: +1 yes, -1 no, 0 no cue decides.
// Sizes are drawn by the game, colours are its scheme's (Simon Tatham's Pegs lets the user pick
// yellow holes and black pegs): a clear size gap (`min_size_gap` of the radius, and `size_noise`
// times the groups' spread of radii, so not a measuring difference) decides, and the colour cues
// are not asked. Without one, or with a hollow group, every cue with a margin (size among them)
// must agree, and one must have it (each alone can be fooled: an outline's width, a colourful
// hole). A hollow group against a filled one is a cue of its own (`hollow`): a ring round the
// board's colour is drawn for a hole, never for a peg, and ring holes beside pegs of the page's
// chroma (a tan panel, blue or brown pegs) had no other cue with a margin. The naming chosen still has to pass the rules (decode's verify), or the board is refused.
int holes_are(const GroupLook& h, const GroupLook& g, const Params& p) {
  std::istringstream cues(p.hole_cues);
  std::vector<std::string> listed;
  for (std::string c; cues >> c;) listed.push_back(c);
  // A hollow disc (a ring hole: its middle is the ground's colour) measures its line's width more
  // than a filled one of its size (at 0.5x, 13% more): then size is only one vote among the others.
  const bool comparable = !h.hollow && !g.hollow;
  const float size_gap = 1 - h.radius / std::max(1e-3f, g.radius);
  if (comparable && std::find(listed.begin(), listed.end(), "size") != listed.end() && std::abs(size_gap) >= p.min_size_gap &&
      std::abs(h.radius - g.radius) >= p.size_noise * (h.spread + g.spread))
    return size_gap > 0 ? 1 : -1;
  int verdict = 0;
  for (const std::string& c : listed) {
    double gap = 0, margin = 0;
    if (c == "size") gap = size_gap, margin = p.min_size_gap;
    else if (c == "chroma") gap = g.chroma - h.chroma, margin = p.min_chroma_gap;
    else if (c == "board") gap = g.board - h.board, margin = p.min_board_gap;
    else if (c == "hollow" && h.hollow != g.hollow) gap = h.hollow ? 1 : -1, margin = 0;  // an outline round the board's colour is a hole's, never a peg's
    else continue;
    if (std::abs(gap) < margin) continue;
    const int says = gap > 0 ? 1 : -1;
    if (verdict != 0 && says != verdict) return 0;
    verdict = says;
  }
  return verdict;
}

float pattern_distance_at(const Lattice& lat, std::size_t a, std::size_t b, float flat) {
  vision::DiscLook x, y;
  x.pattern = lat.patterns[a], x.contrast = lat.contrasts[a];
  y.pattern = lat.patterns[b], y.contrast = lat.contrasts[b];
  return vision::pattern_distance(x, y, flat);
}

// How unlike disc `i` looks to a group's discs (shading, not colour): the median pattern distance.
float unlike(const Lattice& lat, std::size_t i, const GroupLook& g, float flat) {
  std::vector<float> d;
  const std::size_t step = std::max<std::size_t>(1, g.sites.size() / 15);
  for (std::size_t k = 0; k < g.sites.size(); k += step) d.push_back(pattern_distance_at(lat, i, g.sites[k], flat));
  return median_of(d);
}

struct Hypothesis {
  State state;
  double score = 0;
  std::vector<int> roles;  // per group: 1 peg, 0 hole
};

}  // namespace

float Reading::min_confidence() const {
  return confidence.empty() ? 0.0f : *std::min_element(confidence.begin(), confidence.end());
}

Result<Lattice> detect(const cv::Mat& bgr, const Params& p, DebugSink* debug) {
  if (bgr.empty() || bgr.type() != CV_8UC3) return make_error(ErrorCode::kNoBoard, "no board found: expected a non-empty 8-bit BGR image");
  // The cues that do not depend on the background: found once, merged with each background's ink.
  const vision::DiscShape shape = disc_shape(p);
  std::vector<vision::Disc> shared;
  if (p.edge_low > 0) shared = vision::edge_discs(bgr, p.edge_low, p.edge_high, shape);
  if (p.colour_clusters > 1) {
    std::vector<vision::Disc> colour = vision::colour_discs(bgr, p.colour_clusters, p.colour_sample_px, shape);
    shared.insert(shared.end(), colour.begin(), colour.end());
  }
  const cv::Mat lab = vision::to_lab(bgr);
  return detect_on_common_backgrounds<Lattice>(
      bgr, p.background_candidates, p.background_tolerance,
      [&](const cv::Vec3b& bg) { return detect_with_background(bgr, bg, shared, lab, p, debug); });
}

Result<Reading> decode(const Lattice& lat, const Params& p) {
  Reading out;
  out.lattice = lat;
  out.board = lat.board;
  out.state.rows = lat.rows;
  out.state.cols = lat.cols;
  const auto cells = static_cast<std::size_t>(lat.rows * lat.cols);
  out.state.sites.assign(cells, Site::kNone);
  out.confidence.assign(cells, 1.0f);
  for (std::size_t i = 0; i < cells; ++i) out.centres.push_back(lat.centre(static_cast<int>(i) / lat.cols, static_cast<int>(i) % lat.cols));

  // Decode: groups of alike discs. One look only: pegs and holes may still differ in size.
  auto [group, groups] = group_looks(lat, p.appearance_tolerance, p.group_size_gap);
  if (groups == 1) {
    std::vector<float> radii;
    for (std::size_t i = 0; i < cells; ++i)
      if (group[i] >= 0) radii.push_back(lat.discs[i].diameter / 2);
    std::sort(radii.begin(), radii.end());
    // The widest relative step between sizes splits them in two.
    float cut = 0, step = 0;
    for (std::size_t k = 1; k < radii.size(); ++k)
      if (float s = 1 - radii[k - 1] / radii[k]; s > step) step = s, cut = (radii[k - 1] + radii[k]) / 2;
    if (step < p.min_size_gap)
      return make_error(ErrorCode::kNoBoard, "no board found: every disc looks alike, so pegs cannot be told from holes "
                        "(pegs.appearance_tolerance, pegs.min_size_gap)");
    for (std::size_t i = 0; i < cells; ++i)
      if (group[i] >= 0) group[i] = lat.discs[i].diameter / 2 > cut ? 0 : 1;
    groups = 2;
  }
  if (groups > p.max_looks)
    return make_error(ErrorCode::kNoBoard, "no board found: " + std::to_string(groups) + " kinds of disc, more than a peg board has "
                      "(pegs.max_looks, pegs.appearance_tolerance)");
  std::vector<GroupLook> looks(static_cast<std::size_t>(groups));
  for (std::size_t i = 0; i < cells; ++i)
    if (group[i] >= 0) looks[static_cast<std::size_t>(group[i])].sites.push_back(i);
  for (GroupLook& g : looks) {
    std::vector<float> radii;
    for (std::size_t i : g.sites) {
      radii.push_back(lat.discs[i].diameter / 2);
      g.chroma += lat.discs[i].chroma / static_cast<float>(g.sites.size());
      g.board += vision::lab_distance(lat.discs[i].lab, lat.board_lab) / static_cast<float>(g.sites.size());
      g.lab += lat.discs[i].lab / static_cast<float>(g.sites.size());
    }
    g.radius = median_of(radii);
    std::vector<float> deviations;
    for (float r : radii) deviations.push_back(std::abs(r - g.radius));
    g.spread = 1.4826f * median_of(deviations);
    const auto alike = std::count_if(lat.ground.begin(), lat.ground.end(),
                                     [&](const cv::Vec3f& x) { return vision::lab_distance(x, g.lab) <= p.appearance_tolerance; });
    g.hollow = alike >= std::max<std::ptrdiff_t>(p.min_ground_matches, static_cast<std::ptrdiff_t>(lat.ground.size() / 4));
  }

  // Verify: every way of naming the groups pegs or holes that the game allows, scored.
  std::vector<Hypothesis> valid;
  std::string why_not = "pegs cannot be told from holes (the cues of pegs.hole_cues have no margin, or disagree)";
  const auto flat = static_cast<float>(p.flat_pattern);
  for (int mask = 0; mask < (1 << groups); ++mask) {
    Hypothesis h;
    h.roles.resize(static_cast<std::size_t>(groups));
    int peg_main = -1, hole_main = -1;
    for (int g = 0; g < groups; ++g) {  // groups come largest first: the first of a role is its main group
      h.roles[static_cast<std::size_t>(g)] = (mask >> g) & 1;
      int& main = h.roles[static_cast<std::size_t>(g)] != 0 ? peg_main : hole_main;
      if (main < 0) main = g;
    }
    if (peg_main < 0 || hole_main < 0) continue;
    const int verdict = holes_are(looks[static_cast<std::size_t>(hole_main)], looks[static_cast<std::size_t>(peg_main)], p);
    if (verdict <= 0) continue;
    // A group of a main group's colour (within `appearance_tolerance`) but another size, clearly
    // unlike the other main group, is that main group's discs measured at another outline (a hint
    // ring round a hole, a dimple's rim lost in its shadow): when the main groups' colours are
    // clearly apart, colour names it, and it must have that group's role. Any other group must be
    // clearly of another colour than both main groups: one just past `appearance_tolerance` is more
    // likely a main group's disc measured badly (JPEG, a centre off) than a selected peg or a hint.
    const auto colour_gap = [&](int a, int b) {
      return vision::lab_distance(looks[static_cast<std::size_t>(a)].lab, looks[static_cast<std::size_t>(b)].lab);
    };
    const bool mains_apart = colour_gap(peg_main, hole_main) >= p.min_odd_distance;
    std::vector<bool> resized(static_cast<std::size_t>(groups), false);
    bool clearly_odd = true, roles_follow_colour = true;
    for (int g = 0; g < groups; ++g) {
      if (g == peg_main || g == hole_main) continue;
      for (int m : {peg_main, hole_main}) {
        const int other = m == peg_main ? hole_main : peg_main;
        if (mains_apart && colour_gap(g, m) <= p.appearance_tolerance && colour_gap(g, other) >= p.min_odd_distance) {
          resized[static_cast<std::size_t>(g)] = true;
          if (h.roles[static_cast<std::size_t>(g)] != h.roles[static_cast<std::size_t>(m)]) roles_follow_colour = false;
        }
      }
      if (resized[static_cast<std::size_t>(g)]) continue;
      for (int m : {peg_main, hole_main})
        if (colour_gap(g, m) < p.min_odd_distance) clearly_odd = false;
    }
    if (!roles_follow_colour) continue;
    if (!clearly_odd) {
      why_not = "a disc looks almost, but not quite, like the pegs or the holes (pegs.min_odd_distance)";
      continue;
    }
    h.state = out.state;
    std::vector<std::size_t> odd_pegs, odd_holes;
    for (int g = 0; g < groups; ++g) {
      const bool peg = h.roles[static_cast<std::size_t>(g)] != 0;
      for (std::size_t i : looks[static_cast<std::size_t>(g)].sites) {
        h.state.sites[i] = peg ? Site::kPeg : Site::kHole;
        if (g != peg_main && g != hole_main && !resized[static_cast<std::size_t>(g)]) (peg ? odd_pegs : odd_holes).push_back(i);
      }
    }
    if (static_cast<int>(odd_pegs.size()) > p.max_selected) {
      why_not = "more odd-looking discs than one selected peg";
      continue;
    }
    // Odd holes are hints: holes that the selected peg can jump to. With no peg selected, a hole of
    // its own look is refused: "some peg can jump there" holds for too many holes to tell anything.
    bool hints = static_cast<int>(odd_holes.size()) <= kMaxTargets && (odd_holes.empty() || odd_pegs.size() == 1);
    for (std::size_t t : odd_holes)
      hints = hints && can_land(h.state, static_cast<int>(odd_pegs.front()), static_cast<int>(t));
    if (!hints) {
      why_not = "an odd-looking disc is neither a selected peg nor a hole it can jump to";
      continue;
    }
    // Score: each odd disc's shading against its own main group's and the other's.
    const GroupLook& pegs_look = looks[static_cast<std::size_t>(peg_main)];
    const GroupLook& holes_look = looks[static_cast<std::size_t>(hole_main)];
    for (std::size_t i : odd_pegs) h.score += unlike(lat, i, holes_look, flat) - unlike(lat, i, pegs_look, flat);
    for (std::size_t i : odd_holes) h.score += unlike(lat, i, pegs_look, flat) - unlike(lat, i, holes_look, flat);
    valid.push_back(std::move(h));
  }
  if (valid.empty()) return make_error(ErrorCode::kNoBoard, "no board found: " + why_not);
  std::sort(valid.begin(), valid.end(), [](const Hypothesis& a, const Hypothesis& b) { return a.score > b.score; });
  if (valid.size() > 1 && valid[0].score - valid[1].score < p.min_hypothesis_margin) {
    std::string which;
    for (std::size_t i = 0; i < cells; ++i)
      if (valid[0].state.sites[i] != valid[1].state.sites[i]) which += (which.empty() ? "" : ", ") + site_name(static_cast<int>(i), lat.cols);
    return make_error(ErrorCode::kNoBoard, "no board found: cannot tell whether the odd-looking discs at " + which +
                      " (row, col) are pegs or holes (a selected peg? a hint?); try --annotate, or read again with nothing selected");
  }
  out.state = valid[0].state;
  // Doubt grows with the distance from the site, and for discs of neither main look.
  const std::vector<int>& roles = valid[0].roles;
  int peg_main = -1, hole_main = -1;
  for (int g = 0; g < groups; ++g) {
    int& main = roles[static_cast<std::size_t>(g)] != 0 ? peg_main : hole_main;
    if (main < 0) main = g;
  }
  for (std::size_t i = 0; i < cells; ++i) {
    if (group[i] < 0) continue;
    const double place_doubt = lat.offsets[i] / p.lattice_tolerance;
    const bool odd = group[i] != peg_main && group[i] != hole_main;
    out.confidence[i] = static_cast<float>(std::clamp(1.0 - 0.5 * std::max(place_doubt, odd ? 0.5 : 0.0), 0.0, 1.0));
  }
  // Sites read as outside must be plain as far out as a disc would reach: a peg dragged over its
  // neighbour, a hole whose ring was not found, anything else that hides a disc would otherwise
  // silently turn a hole into "no hole". (Plain, not the background's colour: a board panel or a
  // tile shows at the corners of an English board.)
  const float smallest = std::min(looks[static_cast<std::size_t>(peg_main)].radius, looks[static_cast<std::size_t>(hole_main)].radius);
  const cv::Mat& frame = lat.frame;
  for (std::size_t i = 0; i < cells && !frame.empty(); ++i) {
    if (out.state.sites[i] != Site::kNone) continue;
    const int row = static_cast<int>(i) / lat.cols, col = static_cast<int>(i) % lat.cols;
    const int r = std::max(1, static_cast<int>(smallest));
    const cv::Point c(lat.centre(row, col));
    if ((cv::Rect(c.x - r, c.y - r, 2 * r + 1, 2 * r + 1) & cv::Rect(0, 0, frame.cols, frame.rows)).area() == 0) continue;
    // Plain, and of the colour between discs: a disc missed by every cue (a flat one is plain too)
    // must not silently become "no hole".
    if (!shows_ground(frame, lat.ground, c, r, p))
      return make_error("site at row " + std::to_string(row) + ", col " + std::to_string(col) +
                        " is covered but holds no whole peg or hole: is a drag in progress? read again once the window is still");
  }
  if (out.state.hole_count() > solvers::pegs::kMaxHoles)
    return make_error("board too large: " + std::to_string(out.state.hole_count()) + " holes (the solver takes " +
                      std::to_string(solvers::pegs::kMaxHoles) + ")");
  return out;
}

Result<Reading> read(const cv::Mat& bgr, const Params& p, DebugSink* debug) {
  try {
    auto lat = detect(bgr, p, debug);
    if (!lat) return lat.error();
    return decode(*lat, p);
  } catch (const cv::Exception& e) {
    return make_error(std::string("OpenCV failed while reading the Pegs board: ") + e.what());
  }
}

// The `pegs` profile node's keys: the Params fields, their ranges and meanings (vision/common/params.hpp).
constexpr ParamSpec<Params> kParamTable[] = {
    {"background_tolerance", &Params::background_tolerance, kAnyLo, 255, "within this distance a pixel is background (the ink cue), levels"},
    {"background_candidates", &Params::background_candidates, kAnyLo, kAnyHi, "commonest colours tried as the background, in order"},
    {"min_disc_px", &Params::min_disc_px, kAnyLo, kAnyHi, "smallest disc diameter accepted, px"},
    {"max_disc_aspect", &Params::max_disc_aspect, 1, kAnyHi, "longer / shorter side of a disc's outline"},
    {"min_disc_roundness", &Params::min_disc_roundness, kAnyLo, 1, "area inside a disc's outline / its enclosing circle's (a square: 0.64)"},
    {"edge_low", &Params::edge_low, kAnyLo, kAnyHi, "Canny's lower gradient threshold for the edge cue, levels (0: no edge cue)"},
    {"edge_high", &Params::edge_high, kAnyLo, kAnyHi, "Canny's upper gradient threshold for the edge cue, levels"},
    {"colour_clusters", &Params::colour_clusters, kAnyLo, 32, "Lab k-means clusters for the colour cue (0 or 1: no colour cue)"},
    {"colour_sample_px", &Params::colour_sample_px, 1000, kAnyHi, "pixels the colour cue's k-means clusters (every pixel is then labelled), px"},
    {"size_range", &Params::size_range, 1, kAnyHi, "the board's discs span at most this ratio of radii (holes 3/4 of pegs, a ring 1.3x around one)"},
    {"lattice_tolerance", &Params::lattice_tolerance, kAnyLo, 0.5, "largest distance of a disc's centre from its site, pitches"},
    {"site_disc_ratio", &Params::site_disc_ratio, 1, kAnyHi, "a disc centred on a site of the board (or next to it, as the lattice fit links its board) is the site's down to the size range's lower end / this (its smallest board-sized disc's radius / this), below the range (a thin ring hole, a dimple whose rim melts into its shadow: only an inner outline found); 1: only the range"},
    {"probe_min_rays", &Params::probe_min_rays, 0, 1, "a site of the board (or next to it) where no cue found a disc is probed from its centre: a disc when at least this fraction of the rays find its edge, at a radius in the board's size range or below it down to its lower end / site_disc_ratio (the rays look no farther than its upper end); the board grows while probes find discs (0: no probe)"},
    {"probe_spread", &Params::probe_spread, 0, 1, "... and those rays' edges within this fraction of their median radius (at least probe_spread_px): a round rim, not text or a panel's edges"},
    {"probe_spread_px", &Params::probe_spread_px, 0, kAnyHi, "... or within this distance of it, whichever is larger, px: a rim blurred at 0.5x strays by a pixel or two along its rays whatever the disc's size (a dimple's lit crescent outside its dark edge on one side, JPEG's chroma blocks squaring a flat disc's edge); at 1 px, 12-px dimples and flat pegs at 0.5x were missed and their sites refused as covered"},
    {"probe_larger", &Params::probe_larger, 0, kAnyHi, "a probe that finds no edge from the discs' median size tries again from the larger discs' size (their upper quartile) when that is at least this many times the median: with pegs and holes of two sizes the median is the commoner kind's, and a ball's rim past the window it opens (a selected ball inside its ring) is missed, ratio"},
    {"size_reach", &Params::size_reach, 0, kAnyHi, "a disc's size is measured at its edge no farther from its centre than this, pitches: a site's disc lies inside its tile, and a steeper edge past it is the tile's outline or a neighbour's (soft dimples at 0.5x measured to their tiles' outlines, half again the pegs' size, read the pegs as holes); 0: no limit"},
    {"min_sites", &Params::min_sites, kAnyLo, kAnyHi, "fewer discs than this is not a board (the game's smallest has ~15)"},
    {"max_outside_spread", &Params::max_outside_spread, kAnyLo, 255, "an outside site is plain: its colour varies (standard deviation, as far out as a hole's radius) at most this much, levels"},
    {"ground_offset", &Params::ground_offset, 0.3, 0.7, "the colour between discs is sampled this far off each disc's centre along both diagonals, pitches (per axis)"},
    {"min_ground_matches", &Params::min_ground_matches, kAnyLo, kAnyHi, "an outside site must also be of the colour seen between discs: at least this many samples there alike (within appearance_tolerance)"},
    {"max_side", &Params::max_side, kAnyLo, kAnyHi, "most sites per board side (the solver's limit)"},
    {"middle", &Params::middle, 0.05, 1, "a disc's look (colour) is measured within this fraction of its radius"},
    {"appearance_tolerance", &Params::appearance_tolerance, kAnyLo, kAnyHi, "discs whose middles differ by at most this look alike, Lab (CIE76)"},
    {"min_odd_distance", &Params::min_odd_distance, kAnyLo, kAnyHi, "a disc of neither main look (a selected peg, a hint) must differ from both by at least this, Lab"},
    {"max_looks", &Params::max_looks, 1, 10, "more kinds of disc than this is not a peg board (pegs, holes, a selected peg, hints)"},
    {"hole_cues", &Params::hole_cues, 1, 64, "which of the two main groups are holes, by these cues (size: the smaller; chroma: the less colourful; board: the nearer the board's colour; hollow: the one whose middles are the colour between discs, an outline, when the other's are not); a clear size gap decides alone (sizes are drawn, colours are a scheme), else every cue with a margin must agree, and one must have it"},
    {"min_size_gap", &Params::min_size_gap, kAnyLo, 1, "size cue: holes' radius at most (1 - this) of pegs' (at their edges), fraction"},
    {"size_noise", &Params::size_noise, kAnyLo, kAnyHi, "size cue: the gap between the two groups' radii must also be this many times their spreads (standard deviations) added, or it is a measuring difference"},
    {"group_size_gap", &Params::group_size_gap, kAnyLo, 1, "discs of one look whose radii differ by this fraction of the larger are two groups, fraction"},
    {"min_chroma_gap", &Params::min_chroma_gap, kAnyLo, kAnyHi, "chroma cue: holes less colourful than pegs by at least this, Lab chroma"},
    {"min_board_gap", &Params::min_board_gap, kAnyLo, kAnyHi, "board cue: holes' middles nearer the board's colour than pegs' by at least this, Lab"},
    {"flat_pattern", &Params::flat_pattern, kAnyLo, kAnyHi, "a disc whose shading varies less than this (RMS) is flat, Lab L"},
    {"min_hypothesis_margin", &Params::min_hypothesis_margin, kAnyLo, kAnyHi, "the best reading of odd-looking discs must beat the next by this, pattern distance (0-2 a disc)"},
    {"max_selected", &Params::max_selected, kAnyLo, kAnyHi, "odd-looking pegs allowed (a selected peg)"},
};

std::span<const ParamSpec<Params>> param_table() { return kParamTable; }

Result<Params> load_params(const cv::FileNode& node, const Params& defaults) {
  return params_from_table(node, "pegs", param_table(), defaults);
}

// A hill climb from `start` (vision/common/learn_climb.hpp), a switch flipped or a number scaled at a
// time, towards more sites read as in `truth` (hole_cues, a list of words, is left as it is).
Result<Params> learn(const cv::Mat& bgr, const State& truth, const Params& start) {
  auto agreement = [&](const Params& p) -> int {  // -1 refused; else sites read as in the truth
    auto got = read(bgr, p);
    if (!got) return -1;
    if (got->state.rows != truth.rows || got->state.cols != truth.cols) return 0;
    int n = 0;
    for (std::size_t i = 0; i < truth.sites.size(); ++i) n += got->state.sites[i] == truth.sites[i] ? 1 : 0;
    return n;
  };
  const int exact = static_cast<int>(truth.sites.size());
  auto climbed = climb_params<Params>(
      param_table(), start, agreement, [&](const Params&, int score) { return score == exact; },
      [](const Params& q) { return q.edge_low <= q.edge_high && q.min_disc_px >= 1 && q.min_sites >= 1; });
  if (climbed.found) return *climbed.found;
  return make_error(ErrorCode::kNoBoard, "learn: no pegs Params read this screenshot as the given board (" +
                                             std::to_string(climbed.tried) + " settings tried; the closest " +
                                             (climbed.score < 0 ? std::string("refused it") : "got " + std::to_string(climbed.score) + " of " + std::to_string(exact) + " sites right") +
                                             "): is it the board the screenshot shows?");
}

}  // namespace pb::vision::pegs
