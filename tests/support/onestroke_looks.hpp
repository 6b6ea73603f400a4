/* onestroke_looks.hpp: generated 一笔画完 looks (skins, palettes, scales, JPEG, crops) for the reader's tests. */
#pragma once

// Each family is one way the game (or a skin of it) may look; every image of a family varies the
// rest at random: board, scale 0.5-2x of a 720x1280 phone, JPEG quality 60-100 or PNG, the whole
// screen or the board cropped out. `must_read` families are the looks the reader promises to read
// (issue #14, and round cells since); the others are probes, where refusing is fine and a wrong read is not.

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "vision/onestroke/render.hpp"

namespace pb::testing::onestroke_looks {

namespace os = vision::onestroke;

enum class Family {
  kPhone,        // rounded light-grey cells, the sprite cat, a one-colour band (the game's usual look)
  kCatFace,      // the start as a pink/red cat face filling its cell, no numbers
  kClassic,      // numbered cells, nearly square, the cat on the start
  kBandColours,  // visited cells in any colour: pastel to deep, light or dark
  kDark,         // dark mode: dark page, cells a little lighter
  kTintedPage,   // page and cells tinted (a warm or cool theme)
  kOutlined,     // a darker rim round each cell
  kGridLines,    // lines between the cells instead of gaps
  kRoundCells,   // corners up to a circle
  kPastelBand,   // visited cells in a pale colour, hardly more colourful than grey
  kGreyBand,     // visited cells a darker or lighter grey than the free ones
  kDots,         // cells drawn as dots: discs a third to a half of the pitch, wide gaps
  kHatchedPage,  // a hatched or grainy page (paper themes) behind flat cells
};

struct FamilyInfo {
  Family family;
  const char* name;
  bool must_read;
};

inline const std::vector<FamilyInfo>& families() {
  static const std::vector<FamilyInfo> kAll = {
      {Family::kPhone, "rounded grey cells, sprite cat", true},
      {Family::kCatFace, "pink/red cat face filling its cell", true},
      {Family::kClassic, "classic: numbered cells", true},
      {Family::kBandColours, "visited cells in other colours", true},
      {Family::kDark, "dark mode", true},
      {Family::kTintedPage, "tinted page and cells", false},
      {Family::kOutlined, "outlined cells", false},
      {Family::kGridLines, "grid lines, no gaps", false},
      {Family::kRoundCells, "round cells", true},
      {Family::kPastelBand, "visited cells pale (chroma 15-45)", false},
      {Family::kGreyBand, "visited cells another grey", false},
      {Family::kDots, "cells drawn as dots", false},
      {Family::kHatchedPage, "hatched or textured page", false},
  };
  return kAll;
}

struct Look {
  cv::Mat image;
  solvers::onestroke::State truth;
  cv::Point2d head_centre;  // where the head's cell centre is in `image`, px
  double pitch = 0;         // px
  std::string what;         // for messages: the family's variation, scale, JPEG, crop
};

inline cv::Scalar grey(int v) { return cv::Scalar::all(v); }

// A colour of hue `h` (0-180, OpenCV's), saturation and value 0-255, as BGR.
inline cv::Scalar hsv(int h, int s, int v) {
  cv::Mat px(1, 1, CV_8UC3, cv::Scalar(h, s, v)), out;
  cv::cvtColor(px, out, cv::COLOR_HSV2BGR);
  const cv::Vec3b b = out.at<cv::Vec3b>(0, 0);
  return {static_cast<double>(b[0]), static_cast<double>(b[1]), static_cast<double>(b[2])};
}

// Image `index` of `family` (the same arguments always give the same image).
inline Look make_look(Family family, int index) {
  cv::RNG rng(0x10045ull * (static_cast<std::uint64_t>(family) + 1) + static_cast<std::uint64_t>(index) * 7919);
  Look out;
  const int rows = rng.uniform(4, 10), cols = rng.uniform(4, 9);
  const int visited = rng.uniform(0, 3) == 0 ? 0 : rng.uniform(2, rows * cols / 2);
  out.truth = os::random_board(rows, cols, visited, 77 + static_cast<std::uint64_t>(index) * 31 + static_cast<std::uint64_t>(family));
  os::RenderStyle st;
  const double scale = std::exp(rng.uniform(std::log(0.5), std::log(2.0)));
  st.width = static_cast<int>(std::lround(720 * scale));
  st.height = static_cast<int>(std::lround(1280 * scale));
  st.seed = static_cast<std::uint64_t>(index) + 1;
  st.level = rng.uniform(1, 999);
  st.gap = rng.uniform(0.08, 0.16);
  st.corner = rng.uniform(0.06, 0.18);
  const int page = rng.uniform(236, 256), cell = rng.uniform(190, 222);
  st.background = grey(page);
  st.cell = grey(cell);
  st.cat = os::cat_palette()[static_cast<std::size_t>(rng.uniform(0, 5))];
  st.band = os::band_palette()[static_cast<std::size_t>(rng.uniform(0, 5))];
  st.colour_jitter = rng.uniform(0, 4);
  std::string variation;
  switch (family) {
    case Family::kPhone:
      break;
    case Family::kCatFace:
      st.cat_face = true;
      {  // the draws one at a time, the last argument first, as g++ evaluated them as hsv's arguments
        const int v = rng.uniform(210, 256);
        const int s = rng.uniform(90, 200);
        st.cat = hsv(rng.uniform(0, 2) == 0 ? rng.uniform(170, 180) : rng.uniform(0, 8), s, v);
      }
      variation = "face hue " + std::to_string(static_cast<int>(st.cat[2]));
      break;
    case Family::kClassic:
      st.numbers = true;
      st.corner = rng.uniform(0.0, 0.05);
      st.font = std::vector<int>{cv::FONT_HERSHEY_SIMPLEX, cv::FONT_HERSHEY_DUPLEX, cv::FONT_HERSHEY_COMPLEX,
                                 cv::FONT_HERSHEY_PLAIN, cv::FONT_HERSHEY_TRIPLEX}[static_cast<std::size_t>(rng.uniform(0, 5))];
      st.number_colour = rng.uniform(0, 2) == 0 ? grey(rng.uniform(60, 160)) : grey(255);
      st.number_height = rng.uniform(0.25, 0.45);
      st.cat_face = rng.uniform(0, 2) == 0;
      variation = "font " + std::to_string(st.font);
      break;
    case Family::kBandColours: {
      const int s = rng.uniform(90, 256), v = rng.uniform(120, 256);
      st.band = hsv(rng.uniform(0, 180), s, v);
      variation = "band s" + std::to_string(s) + " v" + std::to_string(v);
      break;
    }
    case Family::kDark: {
      const int pg = rng.uniform(12, 45);
      st.background = grey(pg);
      st.cell = grey(pg + rng.uniform(28, 70));
      st.cat_face = rng.uniform(0, 2) == 0;
      st.chrome = rng.uniform(0, 2) == 0;
      variation = "page " + std::to_string(pg);
      break;
    }
    case Family::kTintedPage: {
      const int h = rng.uniform(0, 180), s = rng.uniform(8, 30);
      st.background = hsv(h, s, page);
      st.cell = hsv(h, s, cell);
      variation = "tint s" + std::to_string(s);
      break;
    }
    case Family::kOutlined:
      st.outline = rng.uniform(0.015, 0.05);
      st.outline_colour = grey(rng.uniform(150, 190));
      break;
    case Family::kGridLines:
      st.grid_line = rng.uniform(0.015, 0.08);
      st.grid_colour = grey(rng.uniform(60, 170));
      st.corner = 0;
      variation = "line " + std::to_string(st.grid_line).substr(0, 5);
      break;
    case Family::kPastelBand: {
      const int chroma = rng.uniform(15, 46), v = rng.uniform(200, 250);
      st.band = hsv(rng.uniform(0, 180), chroma * 255 / v, v);
      variation = "band chroma " + std::to_string(chroma);
      break;
    }
    case Family::kGreyBand: {
      const int v = rng.uniform(0, 2) == 0 ? cell - rng.uniform(25, 80) : std::min(page - 8, cell + rng.uniform(12, 30));
      st.band = grey(v);
      variation = "band grey " + std::to_string(v) + " on " + std::to_string(cell);
      break;
    }
    case Family::kDots: {
      st.gap = rng.uniform(0.45, 0.65);
      st.corner = 0.5;  // a circle, whatever the cell's side
      variation = "dot " + std::to_string(1 - st.gap).substr(0, 4) + " of the pitch";
      break;
    }
    case Family::kHatchedPage: {
      const bool hatch = rng.uniform(0, 3) != 0;  // else grain alone
      if (hatch) {
        st.hatch = rng.uniform(4.0, 16.0) * scale;
        st.hatch_width = std::max(1.0, rng.uniform(1.0, 3.0) * scale);
        st.hatch_colour = grey(page - rng.uniform(6, 25));
      }
      st.page_noise = hatch && rng.uniform(0, 2) == 0 ? 0 : rng.uniform(2.0, 6.0);
      variation = (hatch ? "hatch " + std::to_string(static_cast<int>(st.hatch)) + " px" : std::string("no hatch")) + " grain " +
                  std::to_string(static_cast<int>(st.page_noise));
      break;
    }
    case Family::kRoundCells:
      st.corner = rng.uniform(0.25, 0.5);
      variation = "corner " + std::to_string(st.corner).substr(0, 4);
      break;
  }
  const os::RenderLayout lay = os::layout(out.truth, st);
  cv::Mat img = os::render(out.truth, st);
  out.head_centre = lay.centre(out.truth.head) - cv::Point2d(0.5, 0.5);
  out.pitch = lay.pitch;
  const bool crop = rng.uniform(0, 4) == 0;
  if (crop) {
    const int m = static_cast<int>(std::lround(0.6 * lay.pitch));
    const cv::Rect r = cv::Rect(lay.board.x - m, lay.board.y - m, lay.board.width + 2 * m, lay.board.height + 2 * m) &
                       cv::Rect(0, 0, img.cols, img.rows);
    img = os::crop_board(img, lay, 0.6);
    out.head_centre -= cv::Point2d(r.x, r.y);
  }
  const int quality = rng.uniform(0, 4) == 0 ? 0 : rng.uniform(60, 101);
  if (quality > 0) img = os::jpeg_roundtrip(img, quality);
  out.image = img;
  out.what = std::to_string(index) + ": " + std::to_string(rows) + "x" + std::to_string(cols) + " v" +
             std::to_string(visited) + " " + std::to_string(st.width) + "x" + std::to_string(st.height) +
             (quality > 0 ? " jpeg " + std::to_string(quality) : " png") + (crop ? " cropped" : "") +
             (variation.empty() ? "" : " " + variation);
  return out;
}

}  // namespace pb::testing::onestroke_looks
