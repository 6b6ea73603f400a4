/* stacks.cpp: the disc-first stack fitter: bands of disc-wide ink grouped into columns on a level floor, rods placed by slots, plates or the base's extent. */
#include "vision/hanoi/stacks.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <opencv2/imgproc.hpp>
#include <string>

#include "vision/common/pixels.hpp"

namespace pb::vision::hanoi {
namespace {

Error refuse(const std::string& why) { return make_error(ErrorCode::kNoBoard, "no board found: " + why); }

double band_centre(const StackBand& b) {
  std::vector<double> cs;
  for (const Run& r : b.rows) cs.push_back(r.centre());
  return median_of(cs);
}

// Runs of `mask` between `min_w` and `max_w` px wide followed down the rows: a run continues the band
// whose last row was the row above, overlaps it and is centred within `tol` px of it (a stack of
// touching discs, centred on their rod, is one band; a disc beside a wider bar is not). Bands of at
// least `min_rows` rows, in the order they end.
std::vector<StackBand> find_bands(const cv::Mat& mask, const cv::Mat& lab, int min_w, int max_w, double tol, int min_rows) {
  std::vector<StackBand> done, open, next;
  for (int y = 0; y < mask.rows; ++y) {
    const auto* m = mask.ptr<std::uint8_t>(y);
    std::vector<bool> taken(open.size(), false);
    for (int x = 0; x < mask.cols;) {
      if (!m[x]) {
        ++x;
        continue;
      }
      Run run{x, x};
      while (run.r + 1 < mask.cols && m[run.r + 1]) ++run.r;
      x = run.r + 1;
      if (run.width() < min_w || run.width() > max_w) continue;
      std::size_t best = open.size();
      double nearest = tol;
      for (std::size_t k = 0; k < open.size(); ++k) {
        const Run& last = open[k].rows.back();
        const double d = std::abs(last.centre() - run.centre());
        if (!taken[k] && last.l <= run.r && run.l <= last.r && d <= nearest) best = k, nearest = d;
      }
      if (best == open.size()) {
        StackBand b;
        b.top = y;
        open.push_back(std::move(b));
        taken.push_back(false);
      }
      open[best].rows.push_back(run);
      open[best].colours.push_back(run_colour(lab, y, run));
      taken[best] = true;
    }
    next.clear();
    for (std::size_t k = 0; k < open.size(); ++k) {
      if (taken[k]) next.push_back(std::move(open[k]));
      else if (static_cast<int>(open[k].rows.size()) >= min_rows) done.push_back(std::move(open[k]));
    }
    open.swap(next);
  }
  for (StackBand& b : open)
    if (static_cast<int>(b.rows.size()) >= min_rows) done.push_back(std::move(b));
  return done;
}

// A band parted at its waists: a row narrowest over min_disk_rows rows each side and at least a
// width step (edge_step of the widest row, and edge_step_px) under the widest rows both above and
// below it, up to the band's ends, is where two rounded discs meet (their narrow ends face each
// other over many rows; bar_boundaries looks at a few rows each side only). The waist row goes
// with the side nearer its width. A disc's own rows rise and fall once: no waist.
std::vector<StackBand> split_waists(const StackBand& band, const Params& p) {
  const int n = static_cast<int>(band.rows.size()), k = std::max(1, p.min_disk_rows);
  auto w = [&](int i) { return static_cast<double>(band.rows[static_cast<std::size_t>(i)].width()); };
  double widest = 0;
  for (int i = 0; i < n; ++i) widest = std::max(widest, w(i));
  const double edge = std::max<double>(p.edge_step_px, p.edge_step * widest);
  int cut = -1;
  double deepest = 0;
  for (int i = k; i + k < n; ++i) {
    bool narrowest = true;
    for (int j = i - k; j <= i + k && narrowest; ++j) narrowest = w(j) >= w(i);
    if (!narrowest) continue;
    double above = 0, below = 0;
    for (int j = 0; j < i; ++j) above = std::max(above, w(j));
    for (int j = i + 1; j < n; ++j) below = std::max(below, w(j));
    const double dip = std::min(above, below) - w(i);
    if (dip >= edge && dip > deepest) deepest = dip, cut = std::abs(w(i) - w(i - 1)) < std::abs(w(i) - w(i + 1)) ? i + 1 : i;
  }
  if (cut < 0) return {band};
  StackBand upper, lower;
  upper.top = band.top;
  upper.rows.assign(band.rows.begin(), band.rows.begin() + cut);
  upper.colours.assign(band.colours.begin(), band.colours.begin() + cut);
  lower.top = band.top + cut;
  lower.rows.assign(band.rows.begin() + cut, band.rows.end());
  lower.colours.assign(band.colours.begin() + cut, band.colours.end());
  std::vector<StackBand> out = split_waists(upper, p);
  for (StackBand& b : split_waists(lower, p)) out.push_back(std::move(b));
  return out;
}

// A slot: a box of the slot colour, nearly all ink.
struct Slot {
  cv::Rect box;
  double x() const { return box.x + (box.width - 1) / 2.0; }
};

// The slots: boxes of the ink's commonest colour, each at least min_slot_fraction of the image and
// slot_fill ink, alike in width (plate_tolerance, plus 3 px) and height, tops level (level_tolerance
// of the height, plus 3 px), equally spaced and apart; the largest such set (none when two are).
// `colour` is the slots' Lab colour.
std::vector<Slot> find_slots(const cv::Mat& lab, const cv::Mat& ink, const Params& p, cv::Vec3f& colour) {
  // The commonest colour of the ink: bins of 4 L by 8 a, b levels, every second pixel.
  std::map<int, int> bins;
  auto bin_of = [](const cv::Vec3f& c) {
    const int l = std::clamp(static_cast<int>(c[0] / 4), 0, 31), a = std::clamp(static_cast<int>((c[1] + 128) / 8), 0, 31),
              b = std::clamp(static_cast<int>((c[2] + 128) / 8), 0, 31);
    return (l * 32 + a) * 32 + b;
  };
  for (int y = 0; y < ink.rows; y += 2) {
    const auto* m = ink.ptr<std::uint8_t>(y);
    const auto* c = lab.ptr<cv::Vec3f>(y);
    for (int x = 0; x < ink.cols; x += 2)
      if (m[x]) ++bins[bin_of(c[x])];
  }
  if (bins.empty()) return {};
  const int mode = std::max_element(bins.begin(), bins.end(), [](const auto& a, const auto& b) { return a.second < b.second; })->first;
  cv::Vec3d sum(0, 0, 0);
  int n = 0;
  for (int y = 0; y < ink.rows; y += 2) {
    const auto* m = ink.ptr<std::uint8_t>(y);
    const auto* c = lab.ptr<cv::Vec3f>(y);
    for (int x = 0; x < ink.cols; x += 2)
      if (m[x] && bin_of(c[x]) == mode) sum += cv::Vec3d(c[x][0], c[x][1], c[x][2]), ++n;
  }
  colour = cv::Vec3f(static_cast<float>(sum[0] / n), static_cast<float>(sum[1] / n), static_cast<float>(sum[2] / n));
  cv::Mat near(ink.size(), CV_8U, cv::Scalar(0));
  for (int y = 0; y < ink.rows; ++y) {
    const auto* m = ink.ptr<std::uint8_t>(y);
    const auto* c = lab.ptr<cv::Vec3f>(y);
    auto* o = near.ptr<std::uint8_t>(y);
    for (int x = 0; x < ink.cols; ++x)
      if (m[x] && cv::norm(c[x] - colour) <= p.slot_delta_e) o[x] = 255;
  }
  cv::Mat labels, stats, centroids;
  const int count = cv::connectedComponentsWithStats(near, labels, stats, centroids, 8, CV_32S);
  std::vector<Slot> boxes;
  for (int i = 1; i < count; ++i) {
    const cv::Rect box(stats.at<int>(i, cv::CC_STAT_LEFT), stats.at<int>(i, cv::CC_STAT_TOP), stats.at<int>(i, cv::CC_STAT_WIDTH),
                       stats.at<int>(i, cv::CC_STAT_HEIGHT));
    if (box.area() < p.min_slot_fraction * static_cast<double>(ink.total())) continue;
    if (cv::countNonZero(ink(box)) < p.slot_fill * box.area()) continue;
    boxes.push_back({box});
  }
  std::vector<Slot> best;
  bool tie = false;
  for (const Slot& s : boxes) {
    std::vector<Slot> set;
    for (const Slot& t : boxes)
      if (std::abs(t.box.width - s.box.width) <= p.plate_tolerance * s.box.width + 3 &&
          std::abs(t.box.height - s.box.height) <= p.level_tolerance * s.box.height + 3 &&
          std::abs(t.box.y - s.box.y) <= p.level_tolerance * s.box.height + 3)
        set.push_back(t);
    if (set.size() < static_cast<std::size_t>(p.min_rods) || set.size() > static_cast<std::size_t>(p.max_rods)) continue;
    std::sort(set.begin(), set.end(), [](const Slot& a, const Slot& b) { return a.box.x < b.box.x; });
    std::vector<double> xs;
    for (const Slot& t : set) xs.push_back(t.x());
    const double spacing = equal_spacing(xs, p.spacing_tolerance);
    if (spacing <= 0 || spacing < set.front().box.width) continue;  // slots side by side, not overlapping
    if (set.size() > best.size()) best = set, tie = false;
    else if (set.size() == best.size() && std::abs(set.front().x() - best.front().x()) > 1) tie = true;
  }
  if (tie) return {};
  return best;
}

// The slot hypothesis: inside each slot (its outline left out), what stands off the slot's colour.
// Outside the slots (and `inset` round each, its outline) the ink is the page's: a disc beside the
// slots, or in a slot the set missed (one nearer the page's colour on a gradient), is stray there.
StackHypothesis slot_hypothesis(const cv::Mat& lab, const cv::Mat& ink, const std::vector<Slot>& slots, const cv::Vec3f& colour, const Params& p) {
  StackHypothesis h;
  h.slots = true;
  h.ink = ink.clone();
  for (const Slot& s : slots) {
    const int inset = static_cast<int>(std::lround(p.slot_inset * s.box.width)) + 2;
    // A slot's box ends where its colour does. Ink just under it, disc-wide and inside the slot's
    // sides (an outline or a base reaches them or beyond), is a disc the box cut off: the page model took the slot's lowest
    // rows (a slot coloured like the page), and the ring cleared below would lose that disc.
    const int min_w = std::max(2 * p.min_disk_rows, static_cast<int>(std::lround(p.min_disk_width * ink.cols)));
    int below = 0;  // rows of such ink right under the box (a disc standing on the floor may end a row or two past it)
    for (int y = s.box.y + s.box.height; y < ink.rows; ++y, ++below) {
      const Run r = run_through(ink, y, static_cast<int>(std::lround(s.x())), 1);
      if (r.empty() || r.width() < min_w || r.l <= s.box.x + 1 || r.r >= s.box.x + s.box.width - 2) break;
    }
    if (below >= 2 * p.min_disk_rows && h.doubt.empty()) h.doubt = "a disc reaches below its slot's box (the slot's floor is not clear)";
    const cv::Rect ring = cv::Rect(s.box.x - inset, s.box.y - inset, s.box.width + 2 * inset, s.box.height + 2 * inset) & cv::Rect(0, 0, ink.cols, ink.rows);
    h.ink(ring).setTo(0);
  }
  for (const Slot& s : slots) {
    const int inset = static_cast<int>(std::lround(p.slot_inset * s.box.width)) + 2;
    // The box is the slot colour's: an outline lies outside it. Its sides and top are left out by
    // `inset` (rows and columns blended with the outline); its bottom row is the floor the discs
    // stand on, and discs standing on it reach it.
    const cv::Rect inner(s.box.x + inset, s.box.y + inset, s.box.width - 2 * inset, s.box.height - inset);
    if (inner.width <= 0 || inner.height <= 0) continue;
    for (int y = inner.y; y < inner.y + inner.height; ++y) {
      const auto* c = lab.ptr<cv::Vec3f>(y);
      auto* o = h.ink.ptr<std::uint8_t>(y);
      for (int x = inner.x; x < inner.x + inner.width; ++x)
        if (cv::norm(c[x] - colour) > p.ink_delta_e) o[x] = 255;
    }
  }
  const double tol = p.stack_tolerance * lab.cols + 2;
  const int min_w = std::max(2 * p.min_disk_rows, static_cast<int>(std::lround(p.min_disk_width * lab.cols)));
  std::vector<StackBand> bands;
  for (const StackBand& b : find_bands(h.ink, lab, min_w, lab.cols, tol, p.min_disk_rows))
    for (StackBand& part : split_waists(b, p)) bands.push_back(std::move(part));
  for (const Slot& s : slots) {
    const int inset = static_cast<int>(std::lround(p.slot_inset * s.box.width)) + 2;
    StackPlace place;
    place.x = s.x();
    place.top = s.box.y + inset;
    place.floor = s.box.y + s.box.height;
    for (const StackBand& b : bands)
      if (b.top >= s.box.y && b.bottom() < s.box.y + s.box.height && std::abs(band_centre(b) - s.x()) <= tol) place.bands.push_back(b);
    std::sort(place.bands.begin(), place.bands.end(), [](const StackBand& a, const StackBand& b) { return a.top < b.top; });
    h.places.push_back(std::move(place));
  }
  return h;
}

// A column of bands found without rods, and what is under its lowest band.
struct Pile {
  double x = 0;
  std::vector<StackBand> bands;  // top to bottom
  int floor = 0;
  bool on_base = false;
  double widest = 0;
};

}  // namespace

Result<std::vector<StackHypothesis>> fit_stacks(const cv::Mat& lab, const cv::Mat& ink, const Params& p) {
  // Slots first; boxes alike that hold nothing (base plates) fail the reader's checks, and the
  // rod-less hypotheses follow.
  std::vector<StackHypothesis> out;
  cv::Vec3f slot_colour;
  if (const std::vector<Slot> slots = find_slots(lab, ink, p, slot_colour); !slots.empty())
    out.push_back(slot_hypothesis(lab, ink, slots, slot_colour, p));
  const bool slotted = !out.empty();

  // No rods: bands of disc-wide ink, grouped into piles by centre.
  const int min_w = std::max(2 * p.min_disk_rows, static_cast<int>(std::lround(p.min_disk_width * ink.cols)));
  const int max_w = static_cast<int>(std::lround(p.max_disk_width * ink.cols));
  const double tol = p.stack_tolerance * ink.cols + 2;
  std::vector<StackBand> bands;
  for (const StackBand& b : find_bands(ink, lab, min_w, max_w, tol, p.min_disk_rows))
    for (StackBand& part : split_waists(b, p)) bands.push_back(std::move(part));
  if (bands.empty()) return out;
  std::vector<double> centres;
  for (const StackBand& b : bands) centres.push_back(band_centre(b));
  std::vector<Pile> piles;
  for (const auto& group : group_similar(centres, 0, tol)) {
    Pile pile;
    std::vector<double> heights;
    for (std::size_t i : group) {
      pile.bands.push_back(bands[i]);
      heights.push_back(static_cast<double>(bands[i].rows.size()));
    }
    std::sort(pile.bands.begin(), pile.bands.end(), [](const StackBand& a, const StackBand& b) { return a.top < b.top; });
    // A stack rests band on band: from the lowest up, a band farther above the one below than a
    // disc may be lifted (a caption over the board in line with a stack) is no part of it.
    const int gap = static_cast<int>(std::lround(p.max_gap * *std::min_element(heights.begin(), heights.end()))) + 2;
    for (std::size_t k = pile.bands.size() - 1; k > 0; --k)
      if (pile.bands[k].top - pile.bands[k - 1].bottom() - 1 > gap) {
        pile.bands.erase(pile.bands.begin(), pile.bands.begin() + static_cast<std::ptrdiff_t>(k));
        break;
      }
    std::vector<double> xs;
    for (const StackBand& b : pile.bands) {
      xs.push_back(band_centre(b));
      for (const Run& r : b.rows) pile.widest = std::max<double>(pile.widest, r.width());
    }
    pile.x = median_of(xs);
    // Under the lowest band, within a gap a disc may leave: a row wider than any disc is a base.
    const StackBand& low = pile.bands.back();
    const int x = static_cast<int>(std::lround(pile.x));
    pile.floor = low.bottom() + 1;
    for (int y = low.bottom() + 1; y < ink.rows && y <= low.bottom() + 1 + gap; ++y) {
      const Run r = run_through(ink, y, x, 1);
      if (r.empty()) continue;
      if (r.width() > max_w) pile.floor = y, pile.on_base = true;
      break;
    }
    piles.push_back(std::move(pile));
  }

  // Piles whose floors are level are one hypothesis each: on a base, or each on a plate.
  std::vector<double> floors, band_rows;
  for (const Pile& pl : piles) floors.push_back(pl.floor);
  for (const StackBand& b : bands) band_rows.push_back(static_cast<double>(b.rows.size()));
  std::optional<Error> why;  // the reason the largest refused set of piles gave, and its ink
  double why_area = 0;
  std::vector<std::pair<double, StackHypothesis>> scored;
  for (const auto& level : group_similar(floors, 0, p.level_tolerance * median_of(band_rows) + 3)) {
    std::vector<const Pile*> set;
    for (std::size_t i : level) set.push_back(&piles[i]);
    std::sort(set.begin(), set.end(), [](const Pile* a, const Pile* b) { return a->x < b->x; });
    double area = 0, widest = 0;
    for (const Pile* pl : set) {
      widest = std::max(widest, pl->widest);
      for (const StackBand& b : pl->bands)
        for (const Run& r : b.rows) area += r.width();
    }
    std::size_t on_base = 0;
    for (const Pile* pl : set) on_base += pl->on_base ? 1 : 0;
    StackHypothesis h;
    h.ink = ink;
    std::vector<double> places;
    if (on_base == set.size()) {
      // On a base: its extent, in equal parts, one per rod; the one number of parts that puts every
      // pile on a place with a spacing no narrower than the widest disc.
      const Run base = run_through(ink, set.front()->floor + std::min(2, p.min_disk_rows), static_cast<int>(std::lround(set.front()->x)), 1);
      if (base.empty() || base.l > set.front()->x || base.r < set.back()->x) continue;
      std::vector<int> fits;
      for (int n = std::max<int>(p.min_rods, static_cast<int>(set.size())); n <= p.max_rods; ++n) {
        const double s = base.width() / static_cast<double>(n);
        if (s * (1 + p.place_tolerance) < widest) continue;
        std::vector<bool> used(static_cast<std::size_t>(n), false);
        bool ok = true;
        for (const Pile* pl : set) {
          const double k = (pl->x - base.l) / s - 0.5;
          const long ki = std::lround(k);
          if (ki < 0 || ki >= n || std::abs(k - static_cast<double>(ki)) > p.place_tolerance || used[static_cast<std::size_t>(ki)]) ok = false;
          else used[static_cast<std::size_t>(ki)] = true;
        }
        if (ok) fits.push_back(n);
      }
      if (fits.empty()) {
        if (area > why_area) why = refuse("the stacks stand at no equally spaced places along the base"), why_area = area;
        continue;
      }
      if (fits.size() > 1) {
        if (area > why_area)
          why_area = area, why = refuse("no rods, and the base's extent leaves " + std::to_string(fits[0]) + " or " + std::to_string(fits[1]) +
                       " places for the rods: where an empty rod stands is not known");
        continue;
      }
      const int n = fits.front();
      const double s = base.width() / static_cast<double>(n);
      // Occupied places at their piles; empty ones on the line through them (the base when one pile).
      std::vector<double> ks, xs;
      for (const Pile* pl : set) ks.push_back(static_cast<double>(std::lround((pl->x - base.l) / s - 0.5))), xs.push_back(pl->x);
      double a = base.l + 0.5 * s, b = s;
      if (ks.size() >= 2) {
        b = (xs.back() - xs.front()) / (ks.back() - ks.front());
        a = xs.front() - b * ks.front();
      }
      for (int k = 0; k < n; ++k) places.push_back(a + b * k);
      for (int k = 0; k < n; ++k) {
        StackPlace place;
        place.x = places[static_cast<std::size_t>(k)];
        place.floor = set.front()->floor;
        place.on_base = true;
        for (std::size_t i = 0; i < ks.size(); ++i)
          if (static_cast<int>(ks[i]) == k) place.x = xs[i], place.bands = set[i]->bands;
        h.places.push_back(std::move(place));
      }
    } else if (on_base == 0 && set.size() >= static_cast<std::size_t>(p.min_rods)) {
      // On plates: every rod's lowest bar is its plate, so the piles are the rods.
      std::vector<double> xs;
      for (const Pile* pl : set) xs.push_back(pl->x);
      const double spacing = equal_spacing(xs, p.spacing_tolerance);
      if (spacing <= 0 || spacing * (1 + p.place_tolerance) < widest || set.size() > static_cast<std::size_t>(p.max_rods)) continue;
      h.plates = true;
      for (const Pile* pl : set) {
        StackPlace place;
        place.x = pl->x;
        place.floor = pl->floor;
        place.bands = pl->bands;
        h.places.push_back(std::move(place));
      }
    } else {
      continue;
    }
    // The highest row the reader looks at (for ink on no disc: a disc or rod these bands missed):
    // stray_reach spacings over the highest band.
    int top = h.places.front().floor;
    for (const StackPlace& pl : h.places)
      for (const StackBand& b : pl.bands) top = std::min(top, b.top);
    const double spacing = (h.places.back().x - h.places.front().x) / static_cast<double>(h.places.size() - 1);
    for (StackPlace& pl : h.places) pl.top = std::max(0, top - 2 - static_cast<int>(std::lround(p.stray_reach * spacing)));
    scored.emplace_back(area, std::move(h));
  }
  std::stable_sort(scored.begin(), scored.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  // The piles with the most ink are the tower: when they are refused, so is the picture (unless
  // slots were found: then they are the tower's first hypothesis).
  if (why && !slotted && (scored.empty() || why_area > scored.front().first)) return *why;
  for (auto& [score, h] : scored) out.push_back(std::move(h));
  return out;
}

}  // namespace pb::vision::hanoi
