/* learn_command.cpp: `puzzlebot learn`: fits a reader's Params to a new look from one screenshot and its board. */
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "app/args.hpp"
#include "app/commands.hpp"
#include "calibration/profile.hpp"
#include "capture/frame_source.hpp"
#include "solvers/common/text_board.hpp"
#include "vision/registry.hpp"

namespace pb::app {
namespace {

namespace fs = std::filesystem;

constexpr const char* kLearnHelp = R"(usage: puzzlebot learn [--game G] SHOT.png BOARD.txt --out LOOK.yml [--profile P.yml]

Fits the screenshot reader of a game to a look it does not read yet (a new skin, theme or phone):
given one screenshot and the board it truly shows (a board text, docs/FORMATS.md), it searches the
reader's parameters for values that read that board exactly, and writes them as a profile holding
only the parameters that differ from the defaults. 'puzzlebot solve|play --profile LOOK.yml' then
reads that look. Fails (exit 2) when no parameters read the board, saying why.

options:
  --game G         the game (default: the first line of BOARD.txt)
  --out LOOK.yml   the profile to write
  --profile P.yml  start from this profile's reader parameters
  -h, --help       this help
)";

Result<std::string> slurp(const std::string& path) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return make_error("cannot read board text " + path + ": no such file");
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  if (!in && !in.eof()) return make_error("cannot read board text " + path + ": check its permissions");
  return s.str();
}

}  // namespace

int learn_command(const std::vector<std::string>& args) {
  auto start = start_command(args, {{"game", true}, {"out", true}, {"profile", true}}, "learn", kLearnHelp);
  const ParsedArgs* parsed = std::get_if<ParsedArgs>(&start);
  if (!parsed) return std::get<int>(start);
  if (parsed->positional.size() != 2)
    return fail("learn takes a screenshot and its board text: puzzlebot learn SHOT.png BOARD.txt --out LOOK.yml");
  const std::string out = parsed->get("out").value_or("");
  if (out.empty()) return fail("learn needs --out LOOK.yml: where to write the profile it learns");
  if (const fs::path dir = fs::absolute(fs::path(out)).parent_path(); !fs::is_directory(dir))
    return fail("cannot write " + out + ": no folder " + dir.string());
  const std::string& shot = parsed->positional[0];
  const std::string& board_path = parsed->positional[1];

  auto text = slurp(board_path);
  if (!text) return fail(text.error().text());
  auto board = solvers::split_text_board(*text, board_path, true);
  if (!board) return fail(board.error().text());
  std::string game = parsed->get("game").value_or(board->game);
  if (game.empty()) return fail(board_path + " names no game on its first line: add one, or give --game G");
  const vision::Reader* reader = nullptr;
  for (const vision::Reader* r : vision::readers())
    if (r->game == game) reader = r;
  if (reader == nullptr) {
    std::string names;
    for (const vision::Reader* r : vision::readers()) names += (names.empty() ? "" : ", ") + std::string(r->game);
    return fail("no screenshot reader for game '" + game + "' (readers: " + names + ")");
  }
  // A board text without a header is that game's: give the reader the header it expects.
  const std::string board_text = board->game.empty() ? game + "\n" + *text : *text;

  const std::string profile_path = parsed->get("profile").value_or("");
  std::error_code ec;
  if (!profile_path.empty() && !fs::is_regular_file(profile_path, ec))
    return fail("cannot open profile " + profile_path + ": check the path");
  auto profile = calibration::ProfileDoc::open(profile_path);
  if (!profile) return fail(profile.error().text());

  auto image = capture::read_image_file(shot);
  if (!image) return fail(image.error().text());

  vision::ReadOptions options;
  options.profile = *profile;
  auto learned = reader->learn(*image, board_text, options);
  if (!learned) return fail(learned.error().text());

  std::ofstream file(out, std::ios::binary | std::ios::trunc);
  file << "%YAML:1.0\n# " << game << " look learned by `puzzlebot learn` from " << fs::path(shot).filename().string()
       << "\n" << *learned;
  file.close();
  if (!file) return fail("cannot write " + out + ": check the folder exists and is writable");
  std::printf("learned the %s look from %s; wrote %s:\n%s", game.c_str(), shot.c_str(), out.c_str(), learned->c_str());
  return kExitSolved;
}

}  // namespace pb::app
