/* bars.hpp: candidate elements for games of stacked bars: the page as a plane in Lab, ink that stands out from it, thin vertical rods, horizontal bars with their shape (box, rounded, trapezoid), and grouping by similarity. */
#pragma once

// The detection layer's part for bars (Tower of Hanoi discs, rods, base plates; any reader whose
// elements are horizontal or vertical bars). Cues, each a free function so a reader combines them:
//   - the page: a plane in CIE Lab (a flat colour, or a linear gradient) fitted to the pixels like the
//     image's commonest colour, with its own spread (texture, noise, JPEG) measured; an illustrated
//     scene (a sky over hills) as more such planes, each a large share spanning the picture's width;
//   - ink: pixels farther than a Delta E (CIE76) from the page plane, small holes in it filled (a
//     number or shape drawn on a disc in the page's colour keeps the disc whole);
//   - rods: tall runs of narrow ink (each ink pixel's horizontal run length is known), pieces on one
//     vertical line joined (discs part a rod);
//   - bars: the run of ink through a column, row by row (Run), fitted as a box, a rounded bar or a
//     trapezoid (fit_bar), and parted where a stack of touching bars changes colour, dips in width
//     (rounded ends meet) or steps in width (boxes meet) (bar_boundaries); a run's ends cut back to
//     its own colour (trim_to_colour: an outline, scenery touching it);
//   - grouping: values within a tolerance of each other (group_similar), equal spacing.
// Nothing here knows a game; thresholds are arguments (the readers' Params).
// Rejected: the page as the border's commonest colour alone (a gradient page, or a phone screenshot
// whose status bar and ad banner fill most of the border); distances in RGB (shades of one colour
// that a person tells apart are a few RGB levels apart in the dark and many in the light).

#include <cstddef>
#include <opencv2/core.hpp>
#include <span>
#include <vector>

#include "vision/common/lab.hpp"

namespace pb::vision {

// The page as a plane in Lab over the image: colour(x, y) = at0 + per_x * x + per_y * y.
struct PageModel {
  cv::Vec3f at0, per_x, per_y;
  double spread = 0;    // 90th percentile of the fitted pixels' Delta E from the plane (texture, noise)
  double coverage = 0;  // share of the image's pixels within the fit's Delta E of the plane
  cv::Vec3f at(double x, double y) const { return at0 + per_x * static_cast<float>(x) + per_y * static_cast<float>(y); }
};

// Least squares of each Lab channel on (1, x, y), the page plane's model: add() the pixels, then
// solve() (false when the system is singular: fewer than 3 pixels, or all on one line).
class PlaneFit {
 public:
  void add(double x, double y, const cv::Vec3f& lab);
  bool solve(PageModel& out) const;

 private:
  cv::Matx33d a_ = cv::Matx33d::zeros();
  cv::Matx33d rhs_ = cv::Matx33d::zeros();  // a column per channel
};

// Seeded by the image's commonest colour (bins of 4 L by 8 a, b levels over a sample of pixels), then
// refitted three times by least squares to the sampled pixels within `fit_delta_e` of the current
// plane. `lab` is to_lab()'s output, not empty.
PageModel fit_page(const cv::Mat& lab, double fit_delta_e);

// Each pixel's Delta E from the page plane, CV_32F.
cv::Mat page_distance(const cv::Mat& lab, const PageModel& page);

// The page as layers: an illustrated scene behind the board (a sky over hills) is more than one
// plane. The first layer is fit_page's; each next one is fitted the same way to the samples no
// earlier layer takes in, and kept while it covers at least `min_layer_fraction` of the image and
// reaches within 5% of both side edges (scenery spans the picture; a stack of discs, a row of rods
// or a panel does not). At most `max_layers` (1: fit_page alone).
std::vector<PageModel> fit_page_layers(const cv::Mat& lab, double fit_delta_e, int max_layers, double min_layer_fraction);

// Each pixel's least distance to a layer, layer k's Delta E times `scales[k]` (1 when missing): a
// textured layer scaled down needs as much more to be ink. CV_32F; `layers` not empty.
cv::Mat page_distance(const cv::Mat& lab, std::span<const PageModel> layers, std::span<const double> scales);

// 255 where `distance` exceeds `threshold`, with holes (components of the rest touching no image
// edge) of at most `max_hole_px` pixels filled.
cv::Mat ink_mask(const cv::Mat& distance, double threshold, int max_hole_px);

// One horizontal run of a mask's row: columns l..r inclusive (empty when r < l).
struct Run {
  int l = 0, r = -1;
  int width() const { return r - l + 1; }
  bool empty() const { return r < l; }
  double centre() const { return (l + r) / 2.0; }
};

// The run of `mask` in row `y` through column `x`, or through the nearest set column within `slack`
// of it; empty when there is none.
Run run_through(const cv::Mat& mask, int y, int x, int slack = 0);

// Each set pixel's horizontal run length (CV_32S, 0 where unset).
cv::Mat run_lengths(const cv::Mat& mask);

// A thin vertical bar: a rod, or a piece of one.
struct VerticalBar {
  double x = 0;            // centre column, px
  int top = 0, bottom = 0; // rows, inclusive
  double width = 0;        // mean width, px
  int height() const { return bottom - top + 1; }
};

// The components of `mask`'s pixels whose runs are at most `max_width` wide, in vertical runs of at
// least `min_height` such pixels, that stand at least `min_aspect` times their width tall, at least
// `min_fill` of their box set.
std::vector<VerticalBar> vertical_bars(const cv::Mat& mask, int max_width, int min_height, double min_aspect, double min_fill);

// Bars whose centres lie within `x_tolerance` px of each other's joined into one (top to bottom) when
// `mask` is set down the line between them (a rod parted by discs, not a letter above a rod); left to
// right.
std::vector<VerticalBar> join_collinear(std::vector<VerticalBar> bars, const cv::Mat& mask, double x_tolerance);

// The shape of a horizontal bar from its rows (top to bottom).
enum class BarShape { kBox, kRounded, kTrapezoid };
struct BarFit {
  BarShape shape = BarShape::kBox;
  double width = 0;       // median width of the middle half of the rows (a size measure that ranks
                          // bars of one shape and height alike, whatever that shape)
  double top_width = 0, bottom_width = 0;  // fitted line's widths at the first and last row
  double centre = 0;      // median centre column
  double residual = 0;    // mean |width - fitted line| over the middle half, px
};
// `taper` (fraction of the width) is the least difference between the fitted top and bottom widths
// that makes a trapezoid; `rounding` (fraction of the width) the least narrowing of the end rows
// against the middle that makes a rounded bar.
BarFit fit_bar(std::span<const Run> rows, double taper, double rounding);

// Rows (indices into `rows`/`colours`, top to bottom) where one bar of a touching stack gives way to
// the next: the colour changes by `colour_step` (Delta E) between flat rows, the width dips at least
// `dip_px` under both sides' (rounded ends meeting), or steps by at least `step_px` more than the
// local slope (boxes or trapezoids meeting). Boundaries stand at least `min_rows` apart. Row i is
// the first row of the bar below the boundary.
std::vector<int> bar_boundaries(std::span<const Run> rows, std::span<const cv::Vec3f> colours, double colour_step,
                                double dip_px, double step_px, int min_rows);

// The median Lab colour of row `y` of `lab` over `run`.
cv::Vec3f run_colour(const cv::Mat& lab, int y, const Run& run);

// `run` with its ends cut back to the first pixels within `delta_e` of `colour` (row `y` of `lab`):
// a bar's darker outline, or scenery touching it (a bush beside a plate), is not its width. The run
// as it was when no pixel is that near.
Run trim_to_colour(const cv::Mat& lab, int y, const Run& run, const cv::Vec3f& colour, double delta_e);

// Indices of `values` grouped so that each group's members lie within `rel_tolerance` times the
// group's median plus `abs_tolerance` of it (sorted by value, split at the widest jumps); groups in
// ascending order of value.
std::vector<std::vector<std::size_t>> group_similar(std::span<const double> values, double rel_tolerance, double abs_tolerance);

// The median gap of ascending `xs` when every gap is within `tolerance` (a fraction) of it, else 0.
double equal_spacing(std::span<const double> xs, double tolerance);

}  // namespace pb::vision
