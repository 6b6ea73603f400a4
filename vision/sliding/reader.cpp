/* reader.cpp: Fifteen's lattice of bevelled tiles (detect) and their Tesseract-read numbers (decode). */
#include "vision/sliding/reader.hpp"

// Rejected designs:
// - Finding the lattice from the bevel lines (Hough or projection profiles): the bevel colours may
//   equal the background (FIFTEEN_COLOUR_2/3 are user-settable) and a window grab adds menu and
//   status lines that make profiles ambiguous. The faces are background-coloured squares enclosed
//   by whichever bevel colour differs, so they survive any one bevel colour vanishing.
// - OCR of the whole board at once (one Tesseract call, page layout analysis): it splits and merges
//   tiles unpredictably and loses which number came from which cell.
// - Template-matching the digits against glyphs rendered by us: the game's font is whatever Pango
//   picks on the machine; Tesseract reads any sans digits.
// - Filling a single unreadable tile by elimination (the one number missing) on that ground alone:
//   that is a guess. The number missing is taken only where the tile's own picture names it (an
//   OCR variant's reading, or glyphs like that digit on the other tiles) and no other way fits
//   (resolve_by_invariant(): an italic '11' Tesseract reads as '17' by every variant). The one
//   exception is the last tile open with the last number, on a board that is whole: its glyphs must
//   be digits of the board's size that no other tile shows, and no variant read digits there
//   (lone_height).

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <numeric>
#include <optional>
#include <opencv2/imgproc.hpp>

#include "vision/common/clipping.hpp"
#include "vision/common/colour.hpp"
#include "vision/common/lattice.hpp"
#include "vision/common/learn_climb.hpp"
#include "vision/common/ocr.hpp"
#include "vision/common/params.hpp"
#include "vision/sliding/numbered_reader.hpp"
#include "vision/sliding/picture_reader.hpp"
#include "vision/sliding/tile_ocr.hpp"

namespace pb::vision::sliding {
namespace {

using ocr::Layout;
using ocr::recognise;

struct Face {
  cv::Rect rect;
  cv::Point2f centre;
  float side = 0;
};

std::string site_name(int index, int cols) {
  return "tile at row " + std::to_string(index / cols) + ", col " + std::to_string(index % cols);
}

// Pixels of component `label` in `labels` (its bounding box) with its holes filled: a tile face's
// digits are holes in it, and bold digits blurred by scaling or JPEG can take half its area.
int filled_area(const cv::Mat& labels, int label) {
  cv::Mat outside(labels.rows + 2, labels.cols + 2, CV_8U, cv::Scalar(255));
  cv::Mat inner = outside(cv::Rect(1, 1, labels.cols, labels.rows));
  inner.setTo(0, labels == label);
  // What is not the component and reaches the box's rim is outside it; the rest is the component or a hole.
  cv::floodFill(outside, cv::Point(0, 0), cv::Scalar(128));
  return labels.cols * labels.rows - cv::countNonZero(inner == 128);
}

// Tile faces: background-coloured components that are square, fairly full once the digits' holes in
// them are filled, and not open to the image's edge (the area around the board is background too, and
// always reaches an edge). Those open to the edge and no longer than a tile there go to `cut` (when
// given): a row of tiles cut by the frame's edge leaves such stubs, in line with the board's columns.
std::vector<Face> face_candidates(const cv::Mat& bgr, const cv::Vec3b& bg, const Params& p, std::vector<cv::Rect>* cut = nullptr) {
  cv::Mat mask = near_colour(bgr, bg, p.background_tolerance);
  if (p.seal_px > 0)
    cv::erode(mask, mask, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(2 * p.seal_px + 1, 2 * p.seal_px + 1)));
  cv::Mat labels, stats, centroids;
  int n = cv::connectedComponentsWithStats(mask, labels, stats, centroids, 4, CV_32S);
  std::vector<Face> faces;
  for (int i = 1; i < n; ++i) {
    int x = stats.at<int>(i, cv::CC_STAT_LEFT), y = stats.at<int>(i, cv::CC_STAT_TOP);
    int w = stats.at<int>(i, cv::CC_STAT_WIDTH), h = stats.at<int>(i, cv::CC_STAT_HEIGHT);
    int area = stats.at<int>(i, cv::CC_STAT_AREA);
    if (x == 0 || y == 0 || x + w == bgr.cols || y + h == bgr.rows) {
      if (cut != nullptr && area >= p.min_tile_fill * w * h) cut->push_back(cv::Rect(x, y, w, h));
      continue;
    }
    if (std::min(w, h) < p.min_tile_px) continue;
    if (std::max(w, h) > p.max_tile_aspect * std::min(w, h)) continue;
    if (area < p.min_tile_fill * w * h && filled_area(labels(cv::Rect(x, y, w, h)), i) < p.min_tile_fill * w * h) continue;
    // Undo the sealing erosion so the face is its true size.
    cv::Rect r(x - p.seal_px, y - p.seal_px, w + 2 * p.seal_px, h + 2 * p.seal_px);
    faces.push_back({r, cv::Point2f(r.x + r.width / 2.0f, r.y + r.height / 2.0f), (r.width + r.height) / 2.0f});
  }
  return faces;
}

// Flat tiles of colour `tile` on a page of colour `page` (no bevels: the tile's own colour is its
// face): the islands of pixels nearer the tile's colour than the page's, of at least `min_tile_fill`
// of their box, not open to the image's edge (those no longer than a tile go to `cut`, as in
// face_candidates()). Scaled down, the gap between two tiles is a few blurred pixels and the digits
// come near the tile's edge: a face of the tile's colour then breaks apart between digits and edge,
// while the tile as a whole stays one island parted from its neighbours by the page. Digits of the
// page's colour are holes in it and count against its fill, so a bevel's ring round a face of the
// page's colour (Fifteen's look) is no island.
std::vector<Face> island_candidates(const cv::Mat& bgr, const cv::Vec3b& page, const cv::Vec3b& tile, const Params& p,
                                    std::vector<cv::Rect>* cut) {
  // Half-way between the two colours: a blend of the gap's page and a tile's edge goes to the nearer.
  const int halfway = std::max(p.background_tolerance, colour_distance(page, tile) / 2);
  cv::Mat land;
  cv::bitwise_not(near_colour(bgr, page, halfway), land);
  cv::Mat labels, stats, centroids;
  int n = cv::connectedComponentsWithStats(land, labels, stats, centroids, 4, CV_32S);
  std::vector<Face> faces;
  for (int i = 1; i < n; ++i) {
    const cv::Rect r(stats.at<int>(i, cv::CC_STAT_LEFT), stats.at<int>(i, cv::CC_STAT_TOP), stats.at<int>(i, cv::CC_STAT_WIDTH),
                     stats.at<int>(i, cv::CC_STAT_HEIGHT));
    const int area = stats.at<int>(i, cv::CC_STAT_AREA);
    if (area < p.min_tile_fill * r.area()) continue;
    if (r.x == 0 || r.y == 0 || r.br().x == bgr.cols || r.br().y == bgr.rows) {
      if (cut != nullptr) cut->push_back(r);
      continue;
    }
    if (std::min(r.width, r.height) < p.min_tile_px || std::max(r.width, r.height) > p.max_tile_aspect * std::min(r.width, r.height)) continue;
    faces.push_back({r, cv::Point2f(r.x + r.width / 2.0f, r.y + r.height / 2.0f), (r.width + r.height) / 2.0f});
  }
  return faces;
}

// The largest set of faces whose sides agree within the tolerance (a board's tiles are one size).
std::vector<Face> same_size_group(std::vector<Face> faces, double tolerance) {
  std::sort(faces.begin(), faces.end(), [](const Face& a, const Face& b) { return a.side < b.side; });
  std::size_t best_lo = 0, best_n = 0;
  for (std::size_t lo = 0, hi = 0; lo < faces.size(); ++lo) {
    hi = std::max(hi, lo);
    while (hi + 1 < faces.size() && faces[hi + 1].side <= faces[lo].side * (1 + tolerance)) ++hi;
    if (hi - lo + 1 >= best_n) best_lo = lo, best_n = hi - lo + 1;  // ties: the larger faces
  }
  return {faces.begin() + static_cast<long>(best_lo), faces.begin() + static_cast<long>(best_lo + best_n)};
}

// Median distance from a face to its nearest neighbour straight right or straight below.
float face_pitch(const std::vector<Face>& faces) {
  return neighbour_pitch(
      faces, [](const Face& f) { return f.centre; }, [](const Face& a, const Face&) { return a.side / 2; });
}

// Faces linked through neighbours about one pitch away: the board, not stray squares elsewhere in a
// window grab.
std::vector<Face> largest_cluster(const std::vector<Face>& faces, float pitch, double tolerance) {
  std::vector<std::size_t> members = largest_linked_group(faces, [&](const Face& a, const Face& b) {
    cv::Point2f d = b.centre - a.centre;
    float along = std::max(std::abs(d.x), std::abs(d.y)), across = std::min(std::abs(d.x), std::abs(d.y));
    return std::abs(along - pitch) <= tolerance * pitch && across <= tolerance * pitch;
  });
  std::vector<Face> out;
  for (std::size_t i : members) out.push_back(faces[i]);
  return out;
}

// The frame's edge that cuts a row or column of tiles next to the board `lat` (faces `side` px):
// a stub of a face open to that edge, as wide as a face along it (within the size tolerance), in line
// with one of the board's columns (rows), starting where the next row's (column's) face would.
std::optional<FrameSide> cut_row(const std::vector<cv::Rect>& stubs, const Lattice& lat, float side, const Params& p,
                                 cv::Size frame) {
  const float tol = static_cast<float>(p.lattice_tolerance) * lat.pitch;
  auto fits = [&](float extent) { return std::abs(extent - side) <= p.size_tolerance * side + 2 * p.seal_px + 1; };
  auto in_line = [&](float centre, float origin, int count) {
    float k = std::round((centre - origin) / lat.pitch);
    return k >= 0 && k < count && std::abs(centre - (origin + k * lat.pitch)) <= tol;
  };
  for (const cv::Rect& r : stubs) {
    const cv::Point2f c(r.x + r.width / 2.0f, r.y + r.height / 2.0f);
    const float below = lat.origin.y + (lat.rows - 0.5f) * lat.pitch, above = lat.origin.y - 0.5f * lat.pitch;
    const float right = lat.origin.x + (lat.cols - 0.5f) * lat.pitch, left = lat.origin.x - 0.5f * lat.pitch;
    if (fits(static_cast<float>(r.width)) && in_line(c.x, lat.origin.x, lat.cols)) {
      if (r.br().y == frame.height && std::abs(static_cast<float>(r.y) - below) <= 0.5f * lat.pitch) return FrameSide::kBottom;
      if (r.y == 0 && std::abs(static_cast<float>(r.br().y) - above) <= 0.5f * lat.pitch) return FrameSide::kTop;
    }
    if (fits(static_cast<float>(r.height)) && in_line(c.y, lat.origin.y, lat.rows)) {
      if (r.br().x == frame.width && std::abs(static_cast<float>(r.x) - right) <= 0.5f * lat.pitch) return FrameSide::kRight;
      if (r.x == 0 && std::abs(static_cast<float>(r.br().x) - left) <= 0.5f * lat.pitch) return FrameSide::kLeft;
    }
  }
  return std::nullopt;
}

// Whether a site beyond the lattice `lat` holds something: more than max_blank_ink of its face's
// square away from the page's colour (a tile's digits and bevels; the page round a board is plain).
bool site_holds_something(const cv::Mat& bgr, const Lattice& lat, int row, int col, const cv::Vec3b& page, const Params& p) {
  const cv::Rect face = lat.face_rect(row, col);
  const cv::Rect seen = face & cv::Rect(0, 0, bgr.cols, bgr.rows);
  if (seen.area() == 0) return false;
  const int off_page = seen.area() - cv::countNonZero(near_colour(bgr(seen), page, p.background_tolerance));
  return off_page > p.max_blank_ink * face.area();
}

// The commonest colour of the band `width` px wide round `box` (within the picture), the centre of its
// cluster at `tolerance`; none when the band lies outside the picture.
std::optional<cv::Vec3b> colour_round(const cv::Mat& bgr, const cv::Rect& box, float width, int tolerance) {
  const int w = std::max(1, static_cast<int>(std::lround(width)));
  const cv::Rect frame(0, 0, bgr.cols, bgr.rows);
  const cv::Rect outer = cv::Rect(box.x - w, box.y - w, box.width + 2 * w, box.height + 2 * w) & frame;
  cv::Mat band = bgr(outer).clone(), mask(outer.size(), CV_8U, cv::Scalar(255));
  const cv::Rect inner = (box & frame) - outer.tl();
  mask(inner).setTo(0);
  std::vector<cv::Vec3b> pixels;
  for (int y = 0; y < band.rows; ++y)
    for (int x = 0; x < band.cols; ++x)
      if (mask.at<std::uint8_t>(y, x) != 0) pixels.push_back(band.at<cv::Vec3b>(y, x));
  if (pixels.empty()) return std::nullopt;
  const cv::Mat ring(1, static_cast<int>(pixels.size()), CV_8UC3, pixels.data());
  const std::vector<cv::Vec3b> top = common_colours(ring, 1, tolerance);
  if (top.empty()) return std::nullopt;
  return centred_colour(ring, top[0], tolerance);
}

// The lattice of the face candidates `all` (faces of colour `bg`; `stubs` those cut by the frame's
// edge), on a page of colour `page` (Fifteen's faces are the page's colour). `cut_fraction`: the
// most tiles, a fraction of the board's, that may have no face (faces cut apart by their digits;
// decode() then tells the blank, the one site with no digits); the lattice then grows over the
// sites beyond it that hold something (a row of tiles whose faces were all cut).
Result<Lattice> lattice_of_faces(const cv::Mat& bgr, const std::vector<Face>& all, const std::vector<cv::Rect>& stubs, const cv::Vec3b& bg,
                                 const cv::Vec3b& page, const Params& p, DebugSink* debug, double cut_fraction = 0) {
  std::vector<Face> faces = same_size_group(all, p.size_tolerance);
  // A failed read shows its square areas to the sink: those still taken for tiles green, the others red.
  auto failed = [&](Error why) -> Error {
    if (debug != nullptr) {
      std::vector<cv::Rect> boxes;
      std::vector<bool> kept;
      for (const Face& f : all) {
        boxes.push_back(f.rect);
        kept.push_back(std::any_of(faces.begin(), faces.end(), [&](const Face& g) { return g.rect == f.rect; }));
      }
      debug->picture("sliding", "faces", draw_candidates(bgr, boxes, kept, std::to_string(all.size()) + " square areas, " +
                                                                                std::to_string(faces.size()) + " taken for tiles"));
    }
    return why;
  };
  if (faces.size() < 2) return failed(make_error(ErrorCode::kNoBoard, "no board found: no tile faces (square areas framed by bevels)"));
  float pitch = face_pitch(faces);
  if (pitch <= 0) return failed(make_error(ErrorCode::kNoBoard, "no board found: the square areas are not side by side like tiles"));
  faces = largest_cluster(faces, pitch, p.lattice_tolerance);
  if (faces.size() < 2) return failed(make_error(ErrorCode::kNoBoard, "no board found: the square areas do not form a lattice"));

  float mean_side = 0;
  for (const Face& f : faces) mean_side += f.side / static_cast<float>(faces.size());
  if (mean_side < p.min_face_ratio * pitch || mean_side > 1.02f * pitch)
    return failed(make_error(ErrorCode::kNoBoard, "no board found: squares of " + std::to_string(static_cast<int>(mean_side)) + " px " +
                      std::to_string(static_cast<int>(pitch)) + " px apart are not Fifteen's tiles"));

  std::vector<cv::Point2f> centres;
  for (const Face& f : faces) centres.push_back(f.centre);
  auto fit = fit_sites(centres, pitch, p.max_side);
  if (!fit) return failed(fit.error());
  const std::vector<std::pair<int, int>>& sites = fit->sites;
  Lattice lat;
  lat.pitch = pitch;
  lat.face = mean_side;
  lat.background = bg;
  lat.rows = fit->rows;
  lat.cols = fit->cols;
  lat.origin = fit->origin;
  // A board cut by the frame's edge reads as a smaller one (the cut row's faces touch the edge and
  // were dropped above): refused before anything is read from it.
  if (auto whole = check_not_clipped(bgr, page, p.background_tolerance, lattice_bounds(lat.origin, lat.rows, lat.cols, pitch),
                                     pitch, "Fifteen");
      !whole)
    return failed(whole.error());
  if (auto side = cut_row(stubs, lat, mean_side, p, bgr.size())) return failed(board_clipped(*side, "Fifteen"));
  std::vector<int> taken(static_cast<std::size_t>(lat.rows * lat.cols), 0);
  for (std::size_t i = 0; i < faces.size(); ++i) {
    cv::Point2f off = faces[i].centre - lat.centre(sites[i].first, sites[i].second);
    if (std::hypot(off.x, off.y) > p.lattice_tolerance * pitch)
      return failed(make_error("tile between sites near (" + std::to_string(static_cast<int>(faces[i].centre.x)) + ", " +
                        std::to_string(static_cast<int>(faces[i].centre.y)) +
                        "): is a tile still sliding? read again once the window is still"));
    if (taken[static_cast<std::size_t>(sites[i].first * lat.cols + sites[i].second)]++ > 0)
      return failed(make_error(ErrorCode::kNoBoard, "no board found: two squares on one lattice site"));
  }
  if (cut_fraction > 0) {
    // Faces cut apart: a row or column of tiles with no face left lies beyond the faces found. The
    // lattice grows over every site beyond it that holds something, until the sites round it are
    // plain page (a smaller board could read as a permutation), within the picture.
    // The page is what surrounds the board: Fifteen's faces are of its colour, flat tiles of their own.
    const cv::Vec3b ground = colour_round(bgr, lattice_bounds(lat.origin, lat.rows, lat.cols, pitch), pitch / 2, p.background_tolerance)
                                 .value_or(page);
    const cv::Vec3b outside = colour_distance(ground, page) > p.background_tolerance ? ground : page;
    std::vector<std::pair<int, int>> faced(sites.begin(), sites.end());
    for (;;) {
      int grow_row = 0, grow_col = 0;
      for (int r = -1; r <= lat.rows && grow_row == 0 && grow_col == 0; ++r)
        for (int c = -1; c <= lat.cols; ++c) {
          const bool beyond_row = r < 0 || r == lat.rows, beyond_col = c < 0 || c == lat.cols;
          if (beyond_row == beyond_col || !site_holds_something(bgr, lat, r, c, outside, p)) continue;
          (beyond_row ? grow_row : grow_col) = (r < 0 || c < 0) ? -1 : 1;
          break;
        }
      if (grow_row == 0 && grow_col == 0) break;
      if (grow_row < 0 || grow_col < 0) {
        lat.origin -= cv::Point2f(grow_col < 0 ? pitch : 0, grow_row < 0 ? pitch : 0);
        for (auto& [r, c] : faced) {
          r += grow_row < 0 ? 1 : 0;
          c += grow_col < 0 ? 1 : 0;
        }
      }
      lat.rows += grow_row != 0 ? 1 : 0;
      lat.cols += grow_col != 0 ? 1 : 0;
      const cv::Rect bounds = lattice_bounds(lat.origin, lat.rows, lat.cols, pitch);
      if (lat.rows > p.max_side || lat.cols > p.max_side || (bounds & cv::Rect(0, 0, bgr.cols, bgr.rows)) != bounds)
        return failed(make_error(ErrorCode::kNoBoard, "no board found: tiles with no face left run off the picture"));
    }
    taken.assign(static_cast<std::size_t>(lat.rows * lat.cols), 0);
    for (const auto& [r, c] : faced) taken[static_cast<std::size_t>(r * lat.cols + c)] = 1;
  }
  // Same-sized squares inside the board but off its lattice mean a tile mid-slide or a foreign
  // picture. One on a site no face holds is that site's tile: its neighbours' faces, cut apart by
  // their digits, left it linked to none (a corner tile beside two cut faces).
  lat.board = lattice_bounds(lat.origin, lat.rows, lat.cols, pitch);
  for (const Face& f : same_size_group(all, p.size_tolerance)) {
    bool member = std::any_of(faces.begin(), faces.end(), [&](const Face& g) { return g.rect == f.rect; });
    if (member || !lat.board.contains(cv::Point(f.centre))) continue;
    const int row = static_cast<int>(std::lround((f.centre.y - lat.origin.y) / pitch));
    const int col = static_cast<int>(std::lround((f.centre.x - lat.origin.x) / pitch));
    const cv::Point2f off = f.centre - lat.centre(row, col);
    const bool on_site = row >= 0 && row < lat.rows && col >= 0 && col < lat.cols && std::hypot(off.x, off.y) <= p.lattice_tolerance * pitch;
    if (!on_site || taken[static_cast<std::size_t>(row * lat.cols + col)]++ > 0)
      return failed(make_error("a tile-sized square inside the board is off the lattice: is a tile still sliding?"));
  }
  for (int i = 0; i < lat.rows * lat.cols; ++i)
    if (taken[static_cast<std::size_t>(i)] == 0) lat.blank_sites.push_back(i);
  const auto cut_faces = static_cast<double>(lat.blank_sites.size()) - 1;
  if (cut_faces > 0 && cut_faces > cut_fraction * (lat.rows * lat.cols - 1))
    return failed(make_error(ErrorCode::kNoBoard, "no board found: " + std::to_string(lat.blank_sites.size()) + " of " +
                      std::to_string(lat.rows * lat.cols) + " lattice sites have no tile (Fifteen has one blank)"));
  return lat;
}

// `cut_fraction`: as lattice_of_faces().
Result<Lattice> detect_with_background(const cv::Mat& bgr, const cv::Vec3b& bg, const Params& p, DebugSink* debug, double cut_fraction = 0) {
  std::vector<cv::Rect> stubs;
  std::vector<Face> all = face_candidates(bgr, bg, p, &stubs);
  return lattice_of_faces(bgr, all, stubs, bg, bg, p, debug, cut_fraction);
}

// The lattice of flat tiles (island_candidates()), each pair of the commonest colours taken as the
// page and the tiles'.
Result<Lattice> detect_islands(const cv::Mat& bgr, const Params& p) {
  if (bgr.empty() || bgr.type() != CV_8UC3) return make_error(ErrorCode::kNoBoard, "no board found: expected a non-empty 8-bit BGR image");
  std::vector<cv::Vec3b> colours;
  for (const cv::Vec3b& c : common_colours(bgr, p.background_candidates, p.background_tolerance))
    colours.push_back(centred_colour(bgr, c, p.background_tolerance));
  for (const cv::Vec3b& page : colours)
    for (const cv::Vec3b& tile : colours) {
      if (page == tile) continue;
      std::vector<cv::Rect> stubs;
      std::vector<Face> all = island_candidates(bgr, page, tile, p, &stubs);
      if (all.size() < 2) continue;
      // Only a lattice found counts: islands are a second look, and another game's screen (GCompris's
      // picture cut into tiles, its buttons) can show squares that look cut by the frame's edge.
      auto lat = lattice_of_faces(bgr, all, stubs, tile, page, p, nullptr);
      if (lat) return lat;
    }
  return make_error(ErrorCode::kNoBoard, "no board found: no flat tiles (squares of one colour on a page of another)");
}

// ---- decoding ----

// One attempt at reading a tile: the text and how it was obtained.
struct Attempt {
  std::string text;
  float confidence = 0;  // 0..100
  int variant = 0;
};

// The ink of one face's crop from its soft map (0 ground .. 1 ink). `cut`, when given, is set to the
// sides (1 left, 2 right) where a blob touching the crop's edge lies on the line of a digit of the
// crop (its top and bottom within cut_glyph_slack of that digit's height of the digit's): a digit
// the crop cut, not a bevel's remnant.
Ink ink_of(cv::Mat soft, const Params& p, int* cut) {
  Ink out;
  out.soft = std::move(soft);
  const cv::Mat crop = out.soft;
  cv::threshold(out.soft, out.binary, 0.5, 255, cv::THRESH_BINARY);
  out.binary.convertTo(out.binary, CV_8U);
  out.fraction = cv::countNonZero(out.binary) / static_cast<double>(crop.total());
  cv::Mat labels, stats, centroids;
  int n = cv::connectedComponentsWithStats(out.binary, labels, stats, centroids, 8, CV_32S);
  std::vector<cv::Rect> edge;  // blobs touching the left or right edge only
  for (int i = 1; i < n; ++i) {
    cv::Rect r(stats.at<int>(i, cv::CC_STAT_LEFT), stats.at<int>(i, cv::CC_STAT_TOP),
               stats.at<int>(i, cv::CC_STAT_WIDTH), stats.at<int>(i, cv::CC_STAT_HEIGHT));
    if (r.height < p.min_glyph_px) continue;
    // Blobs touching the crop's edge are bevel remnants, not digits (which are centred and small).
    if (r.x == 0 || r.y == 0 || r.br().x == crop.cols || r.br().y == crop.rows) {
      if (r.y > 0 && r.br().y < crop.rows && (r.x == 0) != (r.br().x == crop.cols)) edge.push_back(r);
      continue;
    }
    out.glyphs.push_back(r);
  }
  std::sort(out.glyphs.begin(), out.glyphs.end(), [](const cv::Rect& a, const cv::Rect& b) { return a.x < b.x; });
  if (cut != nullptr) {
    *cut = 0;
    for (const cv::Rect& e : edge)
      for (const cv::Rect& g : out.glyphs) {
        const double slack = p.cut_glyph_slack * g.height;
        if (std::abs(e.y - g.y) <= slack && std::abs(e.br().y - g.br().y) <= slack) *cut |= e.x == 0 ? 1 : 2;
      }
  }
  for (const cv::Rect& g : out.glyphs) out.all = out.all.area() == 0 ? g : (out.all | g);
  return out;
}

// The ink of one face's crop in the colours' space: how far each pixel lies from the faces' colour
// `bg` towards the ink's.
Ink face_ink(const cv::Mat& crop, const cv::Vec3b& bg, const cv::Vec3b& ink, const Params& p, int* cut = nullptr) {
  return ink_of(ink_map(crop, bg, ink), p, cut);
}

// A colour's luminance (ITU-R BT.601, as JPEG codes it), 0-255.
double luminance(const cv::Vec3b& bgr) { return 0.114 * bgr[0] + 0.587 * bgr[1] + 0.299 * bgr[2]; }

// The ink of one face's crop from its luminance alone, 0 at the faces' luminance `ground` and 1 at the
// ink's `ink`. JPEG keeps luminance at full resolution and halves the colours' (4:2:0), so digits
// a few pixels wide whose colour differs from the face's in hue as much as in lightness come out
// sharp here where the colour map smears them.
Ink luminance_ink(const cv::Mat& crop, double ground, double ink, const Params& p) {
  cv::Mat grey;
  cv::cvtColor(crop, grey, cv::COLOR_BGR2GRAY);
  cv::Mat soft;
  grey.convertTo(soft, CV_32F, 1.0 / (ink - ground), -ground / (ink - ground));
  cv::min(cv::max(soft, 0.0), 1.0, soft);
  return ink_of(soft, p, nullptr);
}

// Scales the soft ink of `region` so its height is `height` px and thresholds it (or, with `grey`,
// keeps the grey levels): dark text on white.
cv::Mat scaled_text(const cv::Mat& soft, cv::Rect region, int height, bool grey) {
  double scale = static_cast<double>(height) / region.height;
  cv::Mat scaled;
  cv::resize(soft(region), scaled, cv::Size(), scale, scale, scale > 1 ? cv::INTER_CUBIC : cv::INTER_AREA);
  cv::Mat bin;
  if (grey) {
    scaled.convertTo(bin, CV_8U, -255.0, 255.0);
    return bin;
  }
  cv::threshold(scaled, bin, 0.5, 255, cv::THRESH_BINARY_INV);
  bin.convertTo(bin, CV_8U);
  return bin;
}

// White margin around text: Tesseract wants some room around what it reads.
cv::Mat with_margin(const cv::Mat& img, int margin) {
  cv::Mat out;
  cv::copyMakeBorder(img, out, margin, margin, margin, margin, cv::BORDER_CONSTANT, cv::Scalar(255));
  return out;
}

constexpr int kVariants = 6;
// Width / height beyond which one ink blob is two digits touching (one digit of a sans font: 0.4-0.75).
constexpr double kMergedAspect = 0.95;

// Reads the number on one face with preprocessing variant `v`:
// 0: the number at the nominal height as one line (fast, and never wrong on our samples, but it
//    drops some lone bold digits: "8" looks like "B" and the whitelist leaves nothing);
// 1, 2: the number three times in a row as one word at the nominal and 1.5x height: the LSTM reads
//    digits far better with neighbours, and the text must then be the same number three times;
// 3: one line at 1.5x height with softened edges (jagged upscaled strokes confuse 3, 8 and 9);
// 4, 5: the anti-aliased grey levels themselves, single and tripled, for tiny tiles whose binarised
//    digits lose their holes.
// Rejected: no whitelist plus a table of look-alikes (B->8, l->1): "a4", "qa" and "Do" appear too.
Result<Attempt> attempt(const Ink& ink, int v, const Params& p) {
  const std::string kDigits = "0123456789";
  Attempt a;
  a.variant = v;
  int height = v == 0 || v == 1 || v == 5 ? p.ocr_height_px : p.ocr_height_px * 3 / 2;
  cv::Mat text = scaled_text(ink.soft, ink.all, height, v >= 4);
  cv::Mat img;
  Layout layout = Layout::kLine;
  if (v == 1 || v == 2 || v == 5) {
    cv::Mat gap(text.rows, height / 4, CV_8U, cv::Scalar(255));
    cv::hconcat(std::vector<cv::Mat>{text, gap, text, gap, text}, img);
    img = with_margin(img, height / 2);
    layout = Layout::kWord;
  } else {
    img = with_margin(text, height / 2);
    if (v == 3) cv::GaussianBlur(img, img, cv::Size(0, 0), height / 24.0);
  }
  auto got = recognise(img, layout, kDigits);
  if (!got) return got.error();
  a.text = got->text;
  a.confidence = got->min_confidence;
  if (v == 1 || v == 2 || v == 5) {
    // "888" or "8 8 8" -> "8"; anything else is not a reading.
    std::string t;
    for (char c : a.text)
      if (c != ' ') t += c;
    std::size_t n = t.size() / 3;
    a.text = n > 0 && t.size() == 3 * n && t.substr(0, n) == t.substr(n, n) && t.substr(0, n) == t.substr(2 * n, n)
                 ? t.substr(0, n)
                 : "";
  }
  return a;
}

// The number an attempt names, or -1 when it is not a plausible tile label for this face.
int tile_value(const Attempt& a, const Ink& ink, int cells) {
  if (a.text.empty() || a.text.size() > 4 || a.text[0] == '0') return -1;
  if (!std::all_of(a.text.begin(), a.text.end(), [](char c) { return c >= '0' && c <= '9'; })) return -1;
  // One glyph per digit ("1" read off "11", or "17" off "7", is a misread whatever its confidence),
  // except that small digits may touch: a glyph wider than tall is two digits run together.
  std::size_t expected = 0;
  for (const cv::Rect& g : ink.glyphs) expected += g.width >= kMergedAspect * g.height ? 2 : 1;
  if (a.text.size() != expected) return -1;
  int v = std::stoi(a.text);
  return v >= 1 && v < cells ? v : -1;
}

}  // namespace

// Reads a tile: the first variant if it is confident; otherwise (or when `thorough`) every variant,
// and a value is taken only when at least two plausible readings agree and none disagrees.
Result<TileRead> read_tile(const Ink& ink, int cells, const Params& p, bool thorough) {
  TileRead t;
  std::map<int, std::vector<float>> votes;
  std::string seen;
  for (int v = 0; v < kVariants; ++v) {
    auto got = attempt(ink, v, p);
    if (!got) return got.error();
    int value = tile_value(*got, ink, cells);
    seen += (seen.empty() ? "'" : ", '") + got->text + "' " + std::to_string(static_cast<int>(got->confidence)) + "%";
    if (v == 0 && !thorough && value > 0 && got->confidence >= p.min_confidence) {
      t.value = value;
      t.confidence = got->confidence / 100.0f;
      t.alternatives = {{value, t.confidence}};
      return t;
    }
    t.reread = true;
    if (value > 0 && got->confidence >= p.reread_confidence) votes[value].push_back(got->confidence);
    if (got->confidence >= p.reread_confidence && tile_value(*got, ink, std::numeric_limits<int>::max()) > 0) t.read_digits = true;
  }
  for (const auto& [value, c] : votes) t.alternatives[value] = *std::max_element(c.begin(), c.end()) / 100.0f;
  if (votes.size() == 1 && votes.begin()->second.size() >= 2) {
    t.value = votes.begin()->first;
    const auto& c = votes.begin()->second;
    t.confidence = *std::min_element(c.begin(), c.end()) / 100.0f;
    return t;
  }
  t.doubt = votes.size() > 1 ? "readings disagree (" + seen + ")" : "no two readings agree (" + seen + ")";
  return t;
}

namespace {

// Whether two glyph bitmaps are the same shape (same size within a pixel, nearly the same pixels).
bool same_glyph(const cv::Mat& a, const cv::Mat& b) {
  if (std::abs(a.cols - b.cols) > 1 || std::abs(a.rows - b.rows) > 1) return false;
  cv::Size s(std::min(a.cols, b.cols), std::min(a.rows, b.rows));
  cv::Mat x = a(cv::Rect(cv::Point(0, 0), s)), y = b(cv::Rect(cv::Point(0, 0), s));
  cv::Mat both, either;
  cv::bitwise_and(x, y, both);
  cv::bitwise_or(x, y, either);
  int u = cv::countNonZero(either);
  return u > 0 && cv::countNonZero(both) >= 0.93 * u;
}

// Digits `ink` shows: one per glyph, two for a glyph wider than tall (small digits run together).
std::size_t digit_count(const Ink& ink) {
  std::size_t n = 0;
  for (const cv::Rect& g : ink.glyphs) n += g.width >= kMergedAspect * g.height ? 2 : 1;
  return n;
}

// Likeness of two glyphs' soft ink (0..1): the ink they share over the ink of either, at the best
// offset of up to `shift` px either way (a digit falls on another sub-pixel on each tile, and JPEG
// and scaling blur it differently).
double glyph_likeness(const cv::Mat& a, const cv::Mat& b, int shift) {
  const cv::Size canvas(std::max(a.cols, b.cols) + 2 * shift, std::max(a.rows, b.rows) + 2 * shift);
  cv::Mat x(canvas, CV_32F, cv::Scalar(0));
  a.copyTo(x(cv::Rect(shift, shift, a.cols, a.rows)));
  double best = 0;
  for (int dy = -shift; dy <= shift; ++dy)
    for (int dx = -shift; dx <= shift; ++dx) {
      cv::Mat y(canvas, CV_32F, cv::Scalar(0));
      b.copyTo(y(cv::Rect(shift + dx, shift + dy, b.cols, b.rows)));
      cv::Mat lo, hi;
      cv::min(x, y, lo);
      cv::max(x, y, hi);
      const double either = cv::sum(hi)[0];
      if (either > 0) best = std::max(best, cv::sum(lo)[0] / either);
    }
  return best;
}

// A glyph's soft ink, with a pixel of ground round it where the crop has one.
cv::Mat glyph_ink(const Ink& ink, const cv::Rect& g) {
  return ink.soft(cv::Rect(g.x - 1, g.y - 1, g.width + 2, g.height + 2) & cv::Rect(0, 0, ink.soft.cols, ink.soft.rows));
}

// The glyphs of tiles read once each, by digit: what the board's font draws for each digit.
struct DigitShapes {
  std::array<std::vector<cv::Mat>, 10> by_digit;

  // The likeness of `glyph` to each digit's best-matching shape (0 for digits no tile shows).
  std::array<double, 10> likeness(const cv::Mat& glyph, int shift) const {
    std::array<double, 10> out{};
    for (std::size_t d = 0; d < out.size(); ++d)
      for (const cv::Mat& shape : by_digit[d]) out[d] = std::max(out[d], glyph_likeness(glyph, shape, shift));
    return out;
  }
};

}  // namespace

// The game's invariant (1..cells-1 once each) settles the tiles left unread or read on two tiles,
// where the picture allows one way only. The tiles read once each stand; each open tile's
// candidates are the numbers none of them carries that its own picture supports: with as many
// digits as it has, and either read by one of its OCR variants or drawn with glyphs that match
// those same digits on the standing tiles better than any other digit (glyph_match, glyph_margin);
// a glyph that matches another digit clearly better (or, for a digit no standing tile shows, is a
// near twin of another: glyph_twin) rules a number out. Open tiles with a single
// candidate take it, and it is struck from the others', until none is left open. Any tile with
// no candidate, or several that stay, leaves every open tile as it was: the board is refused.
void resolve_by_invariant(std::vector<TileRead>& reads, const std::vector<Ink>& inks, int cells, const Params& p,
                          std::vector<std::string>& notes, int cols, bool whole) {
  std::vector<int> count(static_cast<std::size_t>(cells), 0);
  for (const TileRead& t : reads)
    if (t.value > 0) ++count[static_cast<std::size_t>(t.value)];
  std::vector<int> open;
  for (int i = 0; i < cells; ++i) {
    const TileRead& t = reads[static_cast<std::size_t>(i)];
    if (t.value < 0 || (t.value > 0 && count[static_cast<std::size_t>(t.value)] > 1)) open.push_back(i);
  }
  if (open.empty()) return;
  std::vector<int> missing;
  for (int v = 1; v < cells; ++v)
    if (count[static_cast<std::size_t>(v)] != 1) missing.push_back(v);
  if (missing.size() != open.size()) return;

  DigitShapes shapes;
  for (int i = 0; i < cells; ++i) {
    const TileRead& t = reads[static_cast<std::size_t>(i)];
    if (t.value <= 0 || count[static_cast<std::size_t>(t.value)] != 1) continue;
    const std::string digits = std::to_string(t.value);
    const Ink& ink = inks[static_cast<std::size_t>(i)];
    if (ink.glyphs.size() != digits.size() || digit_count(ink) != digits.size()) continue;
    for (std::size_t g = 0; g < digits.size(); ++g)
      shapes.by_digit[static_cast<std::size_t>(digits[g] - '0')].push_back(glyph_ink(ink, ink.glyphs[g]));
  }

  struct Candidate { int value; float confidence; std::string why; };
  std::vector<std::vector<Candidate>> candidates(open.size());
  std::vector<std::vector<std::array<double, 10>>> likes(open.size());
  for (std::size_t k = 0; k < open.size(); ++k) {
    const TileRead& t = reads[static_cast<std::size_t>(open[k])];
    const Ink& ink = inks[static_cast<std::size_t>(open[k])];
    // One glyph per digit: each glyph's likeness to every digit the standing tiles show.
    std::vector<std::array<double, 10>>& like = likes[k];
    if (digit_count(ink) == ink.glyphs.size())
      for (const cv::Rect& g : ink.glyphs) like.push_back(shapes.likeness(glyph_ink(ink, g), p.glyph_shift_px));
    for (int v : missing) {
      const std::string digits = std::to_string(v);
      if (digits.size() != digit_count(ink)) continue;
      bool matches = !like.empty(), contradicted = false;
      double weakest = 1;
      for (std::size_t g = 0; g < like.size(); ++g) {
        const int d = digits[g] - '0';
        const double own = like[g][static_cast<std::size_t>(d)];
        double rival = 0;
        for (int e = 0; e < 10; ++e)
          if (e != d) rival = std::max(rival, like[g][static_cast<std::size_t>(e)]);
        // With no tile showing this digit, only a near twin of another digit rules it out (two
        // different digits of one font, 6 and 8, can be as alike as glyph_match).
        const bool compared = !shapes.by_digit[static_cast<std::size_t>(d)].empty();
        if (rival >= (compared ? p.glyph_match : p.glyph_twin) && rival >= own + p.glyph_margin) contradicted = true;
        if (own < p.glyph_match || own < rival + p.glyph_margin) matches = false;
        weakest = std::min(weakest, own);
      }
      if (contradicted) continue;
      if (auto alt = t.alternatives.find(v); alt != t.alternatives.end())
        candidates[k].push_back({v, alt->second, "read so by one OCR variant"});
      else if (matches)
        candidates[k].push_back({v, static_cast<float>(weakest), "its glyphs match other tiles' " + digits});
    }
  }

  std::vector<bool> pictured(open.size());  // whether the tile's picture named any number
  for (std::size_t k = 0; k < open.size(); ++k) pictured[k] = !candidates[k].empty();
  std::vector<std::optional<Candidate>> chosen(open.size());
  for (bool progress = true; progress;) {
    progress = false;
    for (std::size_t k = 0; k < open.size(); ++k) {
      if (chosen[k]) continue;
      if (candidates[k].size() != 1) continue;
      chosen[k] = candidates[k].front();
      progress = true;
      for (std::size_t j = 0; j < open.size(); ++j)
        if (j != k && !chosen[j])
          std::erase_if(candidates[j], [&](const Candidate& c) { return c.value == chosen[k]->value; });
    }
  }
  // One tile left whose picture names nothing, and one number left: the invariant settles it where
  // its glyphs are digits (one per digit, as tall as the board's within lone_height) that no other
  // tile shows (the number's digits are on no standing tile, and each glyph is less than
  // glyph_match like every digit that is). A glyph like a digit seen elsewhere, a digit of the
  // number shown elsewhere but not like it, or ink of another size leaves the board refused.
  std::vector<std::size_t> unsettled;
  std::vector<int> left = missing;
  for (std::size_t k = 0; k < open.size(); ++k)
    if (chosen[k]) std::erase(left, chosen[k]->value);
    else unsettled.push_back(k);
  if (whole && unsettled.size() == 1 && left.size() == 1 && !pictured[unsettled[0]] && p.lone_height > 0 &&
      !reads[static_cast<std::size_t>(open[unsettled[0]])].read_digits) {
    const std::size_t k = unsettled[0];
    const Ink& ink = inks[static_cast<std::size_t>(open[k])];
    const std::string digits = std::to_string(left[0]);
    std::vector<double> heights;
    for (std::size_t d = 0; d < shapes.by_digit.size(); ++d)
      for (const cv::Mat& shape : shapes.by_digit[d]) heights.push_back(shape.rows - 2.0);
    std::sort(heights.begin(), heights.end());
    const double height = heights.empty() ? 0 : heights[heights.size() / 2];
    bool lone = height > 0 && ink.glyphs.size() == digits.size() && digit_count(ink) == digits.size() &&
                likes[k].size() == digits.size() && reads[static_cast<std::size_t>(open[k])].alternatives.empty();
    double nearest = 0;
    for (std::size_t g = 0; lone && g < digits.size(); ++g) {
      lone = shapes.by_digit[static_cast<std::size_t>(digits[g] - '0')].empty() &&
             std::abs(ink.glyphs[g].height - height) <= p.lone_height * height;
      for (const double l : likes[k][g]) nearest = std::max(nearest, l);
    }
    if (lone && nearest < p.glyph_match)
      chosen[k] = Candidate{left[0], static_cast<float>(1 - nearest), "the one number left; its glyphs are digits no other tile shows"};
  }
  if (!std::all_of(chosen.begin(), chosen.end(), [](const auto& c) { return c.has_value(); })) return;
  for (std::size_t k = 0; k < open.size(); ++k) {
    TileRead& t = reads[static_cast<std::size_t>(open[k])];
    t.value = chosen[k]->value;
    t.confidence = chosen[k]->confidence;
    t.reread = true;
    notes.push_back(site_name(open[k], cols) + " read as " + std::to_string(t.value) + ", the number no other tile carries: " + chosen[k]->why);
  }
}

cv::Rect Lattice::face_rect(int row, int col) const {
  cv::Point2f c = centre(row, col);
  float h = face / 2;
  return cv::Rect(cv::Point(static_cast<int>(std::lround(c.x - h)), static_cast<int>(std::lround(c.y - h))),
                  cv::Point(static_cast<int>(std::lround(c.x + h)), static_cast<int>(std::lround(c.y + h))));
}

float Reading::min_confidence() const {
  return confidence.empty() ? 0.0f : *std::min_element(confidence.begin(), confidence.end());
}

Result<Lattice> detect(const cv::Mat& bgr, const Params& p, DebugSink* debug) {
  auto faces = detect_on_common_backgrounds<Lattice>(
      bgr, p.background_candidates, p.background_tolerance,
      [&](const cv::Vec3b& bg) { return detect_with_background(bgr, centred_colour(bgr, bg, p.background_tolerance), p, debug); });
  if (faces || !faces.error().is(ErrorCode::kNoBoard)) return faces;
  // No faces of one colour: flat tiles whose faces broke apart. Their reason is kept when the
  // islands show nothing either (it names what Fifteen's look lacks).
  if (auto islands = detect_islands(bgr, p)) return islands;
  return faces;
}

Result<Reading> decode(const cv::Mat& bgr, const Lattice& lat, const Params& p) {
  const int cells = lat.rows * lat.cols;
  const cv::Rect frame(0, 0, bgr.cols, bgr.rows);
  // Shave the face's edge so no bevel pixel is taken for ink.
  const int inset = std::max(1, static_cast<int>(std::lround(lat.face * 0.06f)));

  std::vector<cv::Mat> crops(static_cast<std::size_t>(cells));
  std::vector<cv::Rect> crop_rects(static_cast<std::size_t>(cells));
  for (int i = 0; i < cells; ++i) {
    cv::Rect r = lat.face_rect(i / lat.cols, i % lat.cols);
    r = cv::Rect(r.x + inset, r.y + inset, r.width - 2 * inset, r.height - 2 * inset) & frame;
    if (r.width < 4 || r.height < 4) return make_error(ErrorCode::kNoBoard, "no board found: tile faces fall outside the picture");
    crops[static_cast<std::size_t>(i)] = bgr(r);
    crop_rects[static_cast<std::size_t>(i)] = r;
  }
  // The ink is looked for on the tiles only: where tiles are flat squares of their own colour, the
  // blank site shows the page, which is far from the faces' colour and can outweigh the digits.
  std::vector<cv::Mat> tiles;
  for (int i = 0; i < cells; ++i)
    if (std::find(lat.blank_sites.begin(), lat.blank_sites.end(), i) == lat.blank_sites.end()) tiles.push_back(crops[static_cast<std::size_t>(i)]);
  auto ink_colour = dominant_ink(tiles, lat.background, p.background_tolerance);
  if (!ink_colour) return make_error(ErrorCode::kNoBoard, "no board found: the tiles carry no numbers");

  Reading out;
  out.lattice = lat;
  out.board = lat.board;
  out.state.rows = lat.rows;
  out.state.cols = lat.cols;
  out.state.tiles.assign(static_cast<std::size_t>(cells), -1);
  out.confidence.assign(static_cast<std::size_t>(cells), 0.0f);
  for (int i = 0; i < cells; ++i) out.centres.push_back(lat.centre(i / lat.cols, i % lat.cols));

  // A tile the colours leave unread is read again from its luminance, where that parts the ink from
  // the faces by luminance_contrast (luminance_ink()); it takes that reading only when no variant
  // of the first read another number, and what either read is the picture's for the invariant.
  const double ground_luma = luminance(lat.background), ink_luma = luminance(*ink_colour);
  const bool luma_parts = p.luminance_contrast > 0 && std::abs(ink_luma - ground_luma) >= p.luminance_contrast;
  auto read_face = [&](std::size_t idx, const Ink& ink, bool thorough) -> Result<TileRead> {
    auto got = read_tile(ink, cells, p, thorough);
    if (!got || got->value >= 0 || !luma_parts) return got;
    auto luma = read_tile(luminance_ink(crops[idx], ground_luma, ink_luma, p), cells, p, true);
    if (!luma) return luma.error();
    const bool agrees = std::all_of(got->alternatives.begin(), got->alternatives.end(), [&](const auto& a) { return a.first == luma->value; });
    for (const auto& [value, confidence] : luma->alternatives) got->alternatives[value] = std::max(got->alternatives[value], confidence);
    if (luma->value > 0 && agrees) {
      got->value = luma->value;
      got->confidence = luma->confidence;
      got->reread = true;
    } else {
      got->doubt += "; in luminance: " + (luma->value > 0 ? "read " + std::to_string(luma->value) : luma->doubt);
    }
    return got;
  };

  std::vector<Ink> inks;
  std::vector<TileRead> reads(static_cast<std::size_t>(cells));
  std::vector<int> blanks;
  for (int i = 0; i < cells; ++i) {
    auto idx = static_cast<std::size_t>(i);
    int cut = 0;
    inks.push_back(face_ink(crops[idx], lat.background, *ink_colour, p, &cut));
    // A wide number on a face measured a little small reaches beyond the crop, which cuts its
    // outer digit off ("14" read as "1"): the crop is widened on that side, a pixel at a time up to
    // the site's edge, while the digit is still cut there.
    if (p.cut_glyph_slack > 0 && cut != 0) {
      const cv::Point2f c = lat.centre(i / lat.cols, i % lat.cols);
      const int half = static_cast<int>(std::lround(lat.pitch / 2));
      const int site_left = std::max(0, static_cast<int>(std::lround(c.x)) - half);
      const int site_right = std::min(bgr.cols, static_cast<int>(std::lround(c.x)) + half);
      cv::Rect r = crop_rects[idx];
      while (cut != 0) {
        const int left = (cut & 1) && r.x > site_left ? r.x - 1 : r.x;
        const int right = (cut & 2) && r.br().x < site_right ? r.br().x + 1 : r.br().x;
        if (left == r.x && right == r.br().x) break;  // at the site's edge the digit stays cut: as read
        r = cv::Rect(left, r.y, right - left, r.height);
        Ink whole = face_ink(bgr(r), lat.background, *ink_colour, p, &cut);
        if (cut == 0) {
          crops[idx] = bgr(r);
          inks.back() = std::move(whole);
        }
      }
    }
    const Ink& ink = inks.back();
    if (ink.glyphs.empty()) {
      // The blank shows the faces' colour (Fifteen), or, where tiles are flat squares of their own
      // colour, the plain page: one colour all over either way. Marks are something on the board.
      cv::Scalar mean, dev;
      cv::meanStdDev(crops[idx], mean, dev);
      const double spread = std::max({dev[0], dev[1], dev[2]});
      const bool plain = spread <= p.max_blank_stddev;
      if (ink.fraction > p.max_blank_ink && !plain)
        return make_error(site_name(i, lat.cols) + " has marks but no digits: is something covering the board?");
      reads[idx].value = 0;
      reads[idx].confidence = static_cast<float>(ink.fraction <= p.max_blank_ink ? 1.0 - ink.fraction / p.max_blank_ink
                                                                                : 1.0 - spread / std::max(1e-6, p.max_blank_stddev));
      blanks.push_back(i);
      continue;
    }
    auto got = read_face(idx, ink, false);
    if (!got) return got.error();
    reads[idx] = *got;
  }
  if (blanks.size() != 1)
    return make_error(blanks.empty() ? "no blank found among the " + std::to_string(cells) + " tiles: not a Fifteen board"
                                     : std::to_string(blanks.size()) + " blank tiles: not a Fifteen board (it has one)");

  // Cross-checks, each sending tiles back for a thorough re-read:
  //  - the same number on two tiles (one of them is misread);
  //  - two glyphs of the same shape read as different digits (the game draws every digit of a board
  //    in one font and size). The converse, different shapes read as one digit, is not checked:
  //    the same digit differs by a pixel with its sub-pixel position.
  std::vector<char> suspect(static_cast<std::size_t>(cells), 0);
  std::map<int, std::vector<int>> where;
  for (int i = 0; i < cells; ++i)
    if (reads[static_cast<std::size_t>(i)].value > 0) where[reads[static_cast<std::size_t>(i)].value].push_back(i);
  for (const auto& [value, sites] : where)
    if (sites.size() > 1)
      for (int s : sites) suspect[static_cast<std::size_t>(s)] = 1;
  struct GlyphRef { int site; char digit; cv::Mat bits; };
  std::vector<GlyphRef> glyphs;
  for (int i = 0; i < cells; ++i) {
    const TileRead& t = reads[static_cast<std::size_t>(i)];
    if (t.value <= 0) continue;
    std::string digits = std::to_string(t.value);
    const Ink& ink = inks[static_cast<std::size_t>(i)];
    if (ink.glyphs.size() != digits.size()) continue;  // touching digits: no glyph per digit to compare
    for (std::size_t g = 0; g < ink.glyphs.size(); ++g)
      glyphs.push_back({i, digits[g], ink.binary(ink.glyphs[g])});
  }
  for (std::size_t a = 0; a < glyphs.size(); ++a)
    for (std::size_t b = a + 1; b < glyphs.size(); ++b)
      if (glyphs[a].digit != glyphs[b].digit && same_glyph(glyphs[a].bits, glyphs[b].bits))
        suspect[static_cast<std::size_t>(glyphs[a].site)] = suspect[static_cast<std::size_t>(glyphs[b].site)] = 1;
  for (int i = 0; i < cells; ++i) {
    auto idx = static_cast<std::size_t>(i);
    if (!suspect[idx]) continue;
    auto got = read_face(idx, inks[idx], true);
    if (!got) return got.error();
    reads[idx] = *got;
    if (reads[idx].value < 0) reads[idx].doubt = "read inconsistently with other tiles; " + reads[idx].doubt;
  }

  // The board is whole when no site round it holds anything off the page's colour: a part of a board
  // (faces of the rest not found) must not have its last tile settled as if it were all of it.
  bool whole = true;
  if (const auto page = colour_round(bgr, lat.board, lat.pitch / 2, p.background_tolerance))
    for (int r = -1; r <= lat.rows; ++r)
      for (int c = -1; c <= lat.cols; ++c)
        if ((r < 0 || r == lat.rows || c < 0 || c == lat.cols) && site_holds_something(bgr, lat, r, c, *page, p)) whole = false;
  resolve_by_invariant(reads, inks, cells, p, out.notes, lat.cols, whole);

  std::string unread;
  for (int i = 0; i < cells; ++i) {
    const TileRead& t = reads[static_cast<std::size_t>(i)];
    if (t.value < 0) unread += (unread.empty() ? "" : "; ") + site_name(i, lat.cols) + ": " + t.doubt;
    if (t.reread && t.value > 0)
      out.notes.push_back(site_name(i, lat.cols) + " re-read as " + std::to_string(t.value));
  }
  if (!unread.empty()) return make_error("cannot read every tile, refusing to guess: " + unread);

  std::vector<int> count(static_cast<std::size_t>(cells), 0);
  for (int i = 0; i < cells; ++i) {
    const TileRead& t = reads[static_cast<std::size_t>(i)];
    out.state.tiles[static_cast<std::size_t>(i)] = t.value;
    out.confidence[static_cast<std::size_t>(i)] = t.confidence;
    ++count[static_cast<std::size_t>(t.value)];
  }
  std::string wrong;
  for (int v = 1; v < cells; ++v) {
    if (count[static_cast<std::size_t>(v)] == 1) continue;
    wrong += (wrong.empty() ? "" : ", ") + std::to_string(v) +
             (count[static_cast<std::size_t>(v)] == 0 ? " missing" : " read " + std::to_string(count[static_cast<std::size_t>(v)]) + " times");
  }
  if (!wrong.empty())
    return make_error("the tiles read are not 1.." + std::to_string(cells - 1) + " once each (" + wrong +
                      "), refusing to guess: read again, or pass a larger window");
  return out;
}

namespace {

// Whether two lattices put the same sites in the same places with the same faceless sites.
bool same_lattice(const Lattice& a, const Lattice& b) {
  return a.rows == b.rows && a.cols == b.cols && a.origin == b.origin && a.pitch == b.pitch && a.blank_sites == b.blank_sites;
}

// The theme pictures of each folder, decoded once per process (several reads a second in play).
Result<std::shared_ptr<const Pictures>> cached_pictures(const std::string& dir) {
  static std::mutex lock;
  static std::map<std::string, Result<std::shared_ptr<const Pictures>>> cache;
  std::lock_guard<std::mutex> hold(lock);
  auto it = cache.find(dir);
  if (it == cache.end()) {
    auto loaded = load_pictures(dir);
    Result<std::shared_ptr<const Pictures>> entry =
        loaded ? Result<std::shared_ptr<const Pictures>>(std::make_shared<const Pictures>(std::move(*loaded)))
               : Result<std::shared_ptr<const Pictures>>(loaded.error());
    it = cache.emplace(dir, std::move(entry)).first;
  }
  return it->second;
}

// Digits that reach across a face (wide two-digit numbers, italic, blurred by scaling and JPEG) cut
// it apart, and its site shows no face: the lattice of the faces found, with up to cut_face_fraction
// of its tiles faceless (grown over rows of them), at background_tolerance, smear_tolerance, then
// faint_tolerance (a lowlight bevel a few levels from the faces' colour, within
// background_tolerance of it, opens every face to the page), taken only when it decodes (exactly
// one site with no digits, the numbers 1..N-1 once each).
// `tried`: a lattice decoded already, in vain (skipped); `part`: a part of the board decoded in vain
// (a lattice must be larger, and where it is).
std::optional<Reading> read_faces_again(const cv::Mat& bgr, const Params& p, const Lattice* tried, const Lattice* part) {
  std::vector<int> tolerances;
  if (p.cut_face_fraction > 0) tolerances.push_back(p.background_tolerance);
  if (p.cut_face_fraction > 0 && p.smear_tolerance > p.background_tolerance) tolerances.push_back(p.smear_tolerance);
  if (p.faint_tolerance > 0 && p.faint_tolerance < p.background_tolerance) tolerances.push_back(p.faint_tolerance);
  for (const int tolerance : tolerances) {
    Params loose = p;
    loose.background_tolerance = tolerance;
    auto cut = detect_on_common_backgrounds<Lattice>(bgr, loose.background_candidates, loose.background_tolerance, [&](const cv::Vec3b& bg) {
      return detect_with_background(bgr, centred_colour(bgr, bg, loose.background_tolerance), loose, nullptr, p.cut_face_fraction);
    });
    if (!cut) continue;
    if (tried != nullptr && same_lattice(*cut, *tried)) continue;
    if (part != nullptr && (cut->rows * cut->cols <= part->rows * part->cols || !cut->board.contains((part->board.tl() + part->board.br()) / 2)))
      continue;
    if (auto got = decode(bgr, *cut, p)) {
      got->lattice.blank_sites.clear();  // the one site decode() found with no digits
      for (int i = 0; i < got->state.cells(); ++i)
        if (got->state.tiles[static_cast<std::size_t>(i)] == 0) got->lattice.blank_sites.push_back(i);
      return std::move(*got);
    }
  }
  return std::nullopt;
}

}  // namespace

Result<Reading> read(const cv::Mat& bgr, const Params& p, DebugSink* debug) {
  try {
    // A picture board (GNOME Taquin) first: finding none costs a few colour masks, while a picture
    // board can pass for Fifteen's lattice and cost its OCR before failing. The theme's pictures are
    // decoded only when a framed square is there. Without them (Taquin not installed) only Fifteen
    // is read.
    if (!p.picture_dir.empty()) {
      auto theme = [&]() -> Result<const Pictures*> {
        auto pictures = cached_pictures(p.picture_dir);
        if (!pictures) return make_error(ErrorCode::kNoBoard, pictures.error().message);
        return pictures->get();
      };
      auto pic = read_picture_board(bgr, theme, p);
      if (pic || !pic.error().is(ErrorCode::kNoBoard)) return pic;
    }
    auto lat = detect(bgr, p, debug);
    if (lat) {
      auto got = decode(bgr, *lat, p);
      if (got) return got;
      // Faces that read as no board may be a part of the board: flat tiles whose other faces broke
      // apart (three in a row read as a 1x3 board). The tiles as islands on the page, when they
      // form a larger lattice where it is, are read instead.
      auto islands = detect_islands(bgr, p);
      if (islands && islands->rows * islands->cols > lat->rows * lat->cols && islands->board.contains((lat->board.tl() + lat->board.br()) / 2))
        if (auto whole = decode(bgr, *islands, p)) return whole;
      // Or a part of Fifteen's board whose other faces their digits cut apart (a 2x2 of the 3x3
      // read with no blank among them).
      if (auto whole = read_faces_again(bgr, p, nullptr, &*lat)) return *whole;
      return got;
    }
    if (!lat.error().is(ErrorCode::kNoBoard)) return lat.error();
    // JPEG's chroma smear round coloured digits takes a face's pixels near them beyond
    // background_tolerance and cuts the face apart: the faces again at smear_tolerance, taken only
    // when they decode (else what follows, and Fifteen's first reason, stand).
    std::optional<Lattice> smeared_lattice;  // decoded already
    if (p.smear_tolerance > p.background_tolerance) {
      Params loose = p;
      loose.background_tolerance = p.smear_tolerance;
      auto smeared = detect_on_common_backgrounds<Lattice>(bgr, loose.background_candidates, loose.background_tolerance, [&](const cv::Vec3b& bg) {
        return detect_with_background(bgr, centred_colour(bgr, bg, loose.background_tolerance), loose, nullptr);
      });
      if (smeared) {
        if (auto got = decode(bgr, *smeared, p)) return got;
        smeared_lattice = *smeared;
      }
    }
    if (auto whole = read_faces_again(bgr, p, smeared_lattice ? &*smeared_lattice : nullptr, nullptr)) return *whole;
    // No bevelled tiles: a picture cut into tiles with no seams, numbered (GCompris). When there is
    // none either, Fifteen's reason is the one given, unless a framed picture with a gap was seen.
    bool framed = false;
    auto numbered = read_numbered_picture(bgr, p, debug, &framed);
    if (numbered || !numbered.error().is(ErrorCode::kNoBoard) || framed) return numbered;
    return lat.error();
  } catch (const cv::Exception& e) {
    return make_error(std::string("OpenCV failed while reading the sliding board: ") + e.what());
  }
}

// The `sliding` profile node's keys: the Params fields, their ranges and meanings (vision/common/params.hpp).
constexpr ParamSpec<Params> kParamTable[] = {
    {"background_tolerance", &Params::background_tolerance, kAnyLo, kAnyHi, "within this distance a pixel is background, levels (bevels of one px are anti-aliased to half their contrast: keep this low)"},
    {"smear_tolerance", &Params::smear_tolerance, 0, 255, "when no board is found at background_tolerance (nor flat tiles), faces are sought again within this distance of the background and taken if they decode (JPEG's chroma smear round coloured digits cuts faces apart), levels; 0: not"},
    {"cut_face_fraction", &Params::cut_face_fraction, 0, 0.9, "when no board is found otherwise, the most tiles (fraction of the board's) whose faces their digits may cut apart, their sites then read as tiles; taken only if the board decodes and the sites round it are plain, fraction; 0: not"},
    {"faint_tolerance", &Params::faint_tolerance, 0, 255, "when no board is found otherwise, faces are sought again within this distance of the background and taken if they decode (a lowlight bevel a few levels from the faces' colour opens every face to the page), levels; 0: not"},
    {"seal_px", &Params::seal_px, kAnyLo, kAnyHi, "background is shrunk by this much before faces are separated, so faint one-pixel bevels still close each face off, px"},
    {"background_candidates", &Params::background_candidates, kAnyLo, kAnyHi, "commonest colours tried as the background, in order"},
    {"min_tile_px", &Params::min_tile_px, kAnyLo, kAnyHi, "smallest tile face side accepted, px"},
    {"max_tile_aspect", &Params::max_tile_aspect, kAnyLo, kAnyHi, "longer / shorter side of a tile face's bounding box"},
    {"min_tile_fill", &Params::min_tile_fill, kAnyLo, kAnyHi, "face area / bounding-box area, the digits' holes in it filled (digits touching its edge cut it)"},
    {"size_tolerance", &Params::size_tolerance, kAnyLo, kAnyHi, "faces of one board differ in side by at most this fraction"},
    {"lattice_tolerance", &Params::lattice_tolerance, kAnyLo, kAnyHi, "largest distance of a face's centre from its lattice site, pitches"},
    {"min_face_ratio", &Params::min_face_ratio, kAnyLo, kAnyHi, "least face side / pitch (the game: 0.9)"},
    {"max_side", &Params::max_side, kAnyLo, kAnyHi, "most tiles per board side (the solver's limit)"},
    {"max_blank_ink", &Params::max_blank_ink, kAnyLo, kAnyHi, "most ink on the blank site, fraction of its area"},
    {"max_blank_stddev", &Params::max_blank_stddev, kAnyLo, 255, "a site with no digits, inked all over but plain (its colours varying by at most this, levels), is the blank: flat tiles leave the page showing there"},
    {"ocr_height_px", &Params::ocr_height_px, kAnyLo, kAnyHi, "digits are scaled to this height before OCR, px"},
    {"min_confidence", &Params::min_confidence, kAnyLo, kAnyHi, "Tesseract per-digit confidence (0-100) accepted at first reading"},
    {"reread_confidence", &Params::reread_confidence, kAnyLo, kAnyHi, "least confidence a re-read must reach (and agree on) to be used"},
    {"min_glyph_px", &Params::min_glyph_px, kAnyLo, kAnyHi, "ink blobs shorter than this are specks, not digit parts, px"},
    {"cut_glyph_slack", &Params::cut_glyph_slack, 0, 1, "a blob cut by a face crop's left or right edge whose top and bottom lie within this fraction of a digit's height of a digit's on the tile is a digit the crop cut (a wide number on a face measured a little small): the crop is widened on that side, up to the site's edge, until it is whole; 0: not"},
    {"luminance_contrast", &Params::luminance_contrast, 0, 255, "a tile the colours leave unread is read again from its luminance alone where the ink's and the faces' luminance differ by at least this (JPEG halves colour resolution, keeps luminance's: small digits differing in hue smear), levels; 0: not"},
    {"glyph_match", &Params::glyph_match, 0, 1, "a tile left unread, or read as another's number, takes the one number missing only when each of its glyphs is at least this like that digit on the other tiles (shared ink / ink of either), or an OCR variant read it so"},
    {"glyph_margin", &Params::glyph_margin, 0, 1, "... and that likeness leads the glyph's likeness to any other digit by this; a glyph more like another digit by this rules the number out"},
    {"glyph_twin", &Params::glyph_twin, 0, 1, "a glyph at least this like another digit rules out a digit no other tile shows"},
    {"lone_height", &Params::lone_height, 0, 1, "the one tile left open takes the one number left, its digits on no other tile, only when its glyphs are as tall as the board's digits within this fraction and each less than glyph_match like every digit another tile shows; 0: not"},
    {"glyph_shift_px", &Params::glyph_shift_px, 0, 8, "glyphs are compared at offsets of up to this either way, px"},
    {"picture_dir", &Params::picture_dir, 0, 4096, "folder searched (recursively) for picture-board pictures (GNOME Taquin's themes); \"\" reads Fifteen's look only"},
    {"min_frame_ring", &Params::min_frame_ring, kAnyLo, 1, "picture board: least fraction of the ring just outside the board in the frame's colour"},
    {"min_board_fill", &Params::min_board_fill, kAnyLo, 1, "picture board: least fraction of the board square not in the frame's colour"},
    {"match_px", &Params::match_px, 4, 256, "picture board: sites and pieces are compared at this side, px"},
    {"max_match_fraction", &Params::max_match_fraction, 0.05, 1, "picture board: sites are compared at no more than this fraction of their side (a small site's finest detail is blur and JPEG ringing)"},
    {"min_match", &Params::min_match, kAnyLo, 1, "picture board: least normalised correlation of a site with its piece (0..1)"},
    {"max_gap_stddev", &Params::max_gap_stddev, kAnyLo, kAnyHi, "picture board: the gap (plain board) varies at most this much, grey levels"},
    {"edge_reach", &Params::edge_reach, 0, 0.2, "picture board: the board's sides are sought this far either side of its outline's (JPEG rings), fraction of its side"},
    {"site_margin", &Params::site_margin, 0, 0.4, "picture board: each site's edge left out of the comparison (seams, blur, JPEG ringing), pitches"},
    {"gap_candidates", &Params::gap_candidates, 1, 81, "picture board: most plain sites, each tried as the gap (more: a lattice too fine, or a picture too plain)"},
    {"match_margin", &Params::match_margin, 0, 1, "picture board: least lead of the best pairing's worst match over one that reads another board"},
    {"pairing_margin", &Params::pairing_margin, 0, 100, "picture board: least lead of the best pairing's summed likeness over any other pairing of the same lattice and picture"},
    {"flat_range", &Params::flat_range, kAnyLo, 255, "numbered picture board: most a pixel of the empty cell's 3x3 neighbourhood varies, levels"},
    {"frame_tolerance", &Params::frame_tolerance, 0, 255, "numbered picture board: within this distance of the empty cell's or the frame's colour a pixel is theirs (the cell grows to its sides over them; the frame's bands and the ring round the board are judged by it): JPEG at quality 60 rings their edges by 20 levels, levels"},
    {"text_candidates", &Params::text_candidates, 1, 64, "numbered picture board: commonest colours at the tiles' centres tried as the numbers' colour"},
    {"text_tolerance", &Params::text_tolerance, kAnyLo, 255, "numbered picture board: within this distance of the text colour a pixel is a digit's, levels"},
    {"min_glyph_height", &Params::min_glyph_height, kAnyLo, 1, "numbered picture board: least digit height, pitches"},
    {"max_glyph_height", &Params::max_glyph_height, kAnyLo, 1, "numbered picture board: most digit height, pitches"},
    {"max_glyph_offset", &Params::max_glyph_offset, kAnyLo, 1, "numbered picture board: most a digit's centre lies from its tile's centre, pitches"},
};

std::span<const ParamSpec<Params>> param_table() { return kParamTable; }

Result<Params> load_params(const cv::FileNode& node, const Params& defaults) {
  return params_from_table(node, "sliding", param_table(), defaults);
}

// A hill climb from `start` (vision/common/learn_climb.hpp), a number scaled at a time, towards more
// tiles read on their true cells (picture_dir, a path, is left as it is).
Result<Params> learn(const cv::Mat& bgr, const State& truth, const Params& start) {
  auto agreement = [&](const Params& p) -> int {  // -1 refused; else cells read as in the truth
    auto got = read(bgr, p);
    if (!got) return -1;
    if (got->state.rows != truth.rows || got->state.cols != truth.cols || got->half_turn) return 0;
    int n = 0;
    for (std::size_t i = 0; i < truth.tiles.size(); ++i) n += got->state.tiles[i] == truth.tiles[i] ? 1 : 0;
    return n;
  };
  const int exact = truth.cells();
  auto climbed = climb_params<Params>(
      param_table(), start, agreement, [&](const Params&, int score) { return score == exact; },
      [](const Params& q) {
        return q.min_tile_px >= 1 && q.reread_confidence <= q.min_confidence && q.min_glyph_height < q.max_glyph_height;
      });
  if (climbed.found) return *climbed.found;
  return make_error(ErrorCode::kNoBoard, "learn: no sliding Params read this screenshot as the given board (" +
                                             std::to_string(climbed.tried) + " settings tried; the closest " +
                                             (climbed.score < 0 ? std::string("refused it") : "got " + std::to_string(climbed.score) + " of " + std::to_string(exact) + " cells right") +
                                             "): is it the board the screenshot shows?");
}

}  // namespace pb::vision::sliding
