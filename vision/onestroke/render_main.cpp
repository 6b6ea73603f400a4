/* render_main.cpp: render_onestroke, the tool that renders sample screenshots from board texts. */
// usage: render_onestroke BOARD.txt OUT.png [options]     (see kUsage)
//        render_onestroke --random ROWS COLS VISITED SEED  (prints a random solvable board text)
//        render_onestroke --negative KIND OUT              (a picture that is no board, for tests)
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <opencv2/imgcodecs.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "solvers/common/text_board.hpp"
#include "vision/onestroke/render.hpp"

namespace {

namespace os = pb::vision::onestroke;

constexpr const char* kUsage = R"(usage: render_onestroke BOARD.txt OUT.png [options]
       render_onestroke --random ROWS COLS VISITED SEED   (a random solvable board on stdout)
       render_onestroke --negative KIND OUT [--width W --height H --seed N]
                        (a picture that is no board: blank, noise, photo, chess, grid, tiles)

The board's S is drawn as the cat, its x cells as the band, its E (an end cell) as a red flag.

options:
  --width W --height H   screen size in px (default 1080x1920)
  --jpeg Q               write JPEG of quality Q (1-100) instead of PNG
  --blur S               Gaussian blur of sigma S px
  --letterbox WxH        centre the screen in a black WxH frame (a video frame)
  --crop-board           keep only the board and 0.6 pitch around it (no chrome)
  --seed N               jitter and chrome variations (default 1)
  --jitter J             random cell displacement, fraction of pitch (default 0)
  --colour-jitter L      random colour change per cell, levels (default 0)
  --cat I --band I       palette index 0-4 of the cat's and the band's colour
  --level N              the title's level number
)";

int fail(const std::string& message) {
  std::cerr << "render_onestroke: " << message << "\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "-h" || args[0] == "--help") {
    std::cout << kUsage;
    return args.empty() ? 2 : 0;
  }
  try {
    if (args[0] == "--random") {
      if (args.size() != 5) return fail("--random takes ROWS COLS VISITED SEED");
      const int rows = std::stoi(args[1]), cols = std::stoi(args[2]), visited = std::stoi(args[3]);
      if (rows < 2 || cols < 2 || rows > 12 || cols > 12) return fail("ROWS and COLS must be 2-12");
      const os::State s = os::random_board(rows, cols, visited, std::stoull(args[4]));
      std::cout << pb::solvers::onestroke::format(s);
      return 0;
    }
    if (args[0] == "--negative") {  // --negative KIND OUT [--width W --height H --seed N]
      if (args.size() < 3) return fail("--negative takes KIND OUT");
      const std::vector<std::pair<std::string, os::Negative>> kinds = {
          {"blank", os::Negative::kBlank}, {"noise", os::Negative::kNoise}, {"photo", os::Negative::kPhoto},
          {"chess", os::Negative::kChess}, {"grid", os::Negative::kGrid},   {"tiles", os::Negative::kTiles}};
      auto it = std::find_if(kinds.begin(), kinds.end(), [&](const auto& k) { return k.first == args[1]; });
      if (it == kinds.end()) return fail("--negative KIND is one of blank, noise, photo, chess, grid, tiles");
      cv::Size size{360, 640};
      std::uint64_t seed = 1;
      for (std::size_t i = 3; i + 1 < args.size(); i += 2) {
        if (args[i] == "--width") size.width = std::stoi(args[i + 1]);
        else if (args[i] == "--height") size.height = std::stoi(args[i + 1]);
        else if (args[i] == "--seed") seed = std::stoull(args[i + 1]);
        else return fail("unknown option " + args[i]);
      }
      if (!cv::imwrite(args[2], os::render_negative(it->second, size, seed), {cv::IMWRITE_JPEG_QUALITY, 70}))
        return fail("cannot write " + args[2]);
      return 0;
    }
    if (args.size() < 2) return fail("need BOARD.txt and OUT.png");
    std::ifstream in(args[0], std::ios::binary);
    if (!in) return fail("cannot read " + args[0]);
    std::stringstream text;
    text << in.rdbuf();
    auto tb = pb::solvers::split_text_board(text.str(), args[0], true);
    if (!tb) return fail(tb.error().message);
    auto state = pb::solvers::onestroke::parse(*tb);
    if (!state) return fail(state.error().message);

    os::RenderStyle style;
    int jpeg = 0;
    double blur = 0;
    cv::Size box;
    bool crop = false;
    for (std::size_t i = 2; i < args.size(); ++i) {
      const std::string& a = args[i];
      auto next = [&]() -> const std::string& {
        if (i + 1 >= args.size()) throw std::invalid_argument(a + " needs a value");
        return args[++i];
      };
      if (a == "--width") style.width = std::stoi(next());
      else if (a == "--height") style.height = std::stoi(next());
      else if (a == "--jpeg") jpeg = std::stoi(next());
      else if (a == "--blur") blur = std::stod(next());
      else if (a == "--crop-board") crop = true;
      else if (a == "--seed") style.seed = std::stoull(next());
      else if (a == "--jitter") style.jitter = std::stod(next());
      else if (a == "--colour-jitter") style.colour_jitter = std::stoi(next());
      else if (a == "--level") style.level = std::stoi(next());
      else if (a == "--cat" || a == "--band") {
        const auto palette = a == "--cat" ? os::cat_palette() : os::band_palette();
        const auto k = std::stoul(next());
        if (k >= palette.size()) return fail(a + " takes 0-" + std::to_string(palette.size() - 1));
        (a == "--cat" ? style.cat : style.band) = palette[k];
      } else if (a == "--letterbox") {
        const std::string& v = next();
        if (std::sscanf(v.c_str(), "%dx%d", &box.width, &box.height) != 2) return fail("--letterbox takes WxH");
      } else {
        return fail("unknown option " + a + "\n" + kUsage);
      }
    }
    if (style.width < 64 || style.height < 64 || style.width > 8000 || style.height > 8000)
      return fail("--width and --height must be 64-8000");
    cv::Mat img = os::render(*state, style);
    if (crop) img = os::crop_board(img, os::layout(*state, style), 0.6);
    img = os::gaussian_blur(img, blur);
    if (box.width > 0 && box.height > 0) img = os::letterbox(img, box);
    std::vector<int> params;
    if (jpeg > 0) params = {cv::IMWRITE_JPEG_QUALITY, jpeg};
    else params = {cv::IMWRITE_PNG_COMPRESSION, 9};
    if (!cv::imwrite(args[1], img, params)) return fail("cannot write " + args[1]);
    return 0;
  } catch (const std::exception& e) {  // std::stoi on a bad number, cv::Exception on a bad path
    return fail(e.what());
  }
}
