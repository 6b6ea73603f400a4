/* replay_check_test.cpp: the replay checker (tests/support/replay_check.hpp) passes every game's real `solve --json` answer and rejects each one broken on purpose. */
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>

#include "tests/support/replay_check.hpp"
#include "tests/support/run_program.hpp"

namespace {

namespace fs = std::filesystem;
namespace replay = pb::testing::replay;
using replay::Json;

// One small board per game (and a mid-game river and Hanoi), all solved by one `solve DIR --json` run.
// Each is lopsided on purpose: a board that is its own transpose would let a row/column swap replay.
const std::map<std::string, std::string> kBoards = {
    {"onestroke.txt", "onestroke\n.##.S##\n#######\n##.####\n.######\n#.#####\n#####.#\n#######\n"},
    {"knight.txt", "knight closed=1\n.N....\n......\n......\n......\n......\n"},
    {"pegs.txt", "pegs target=3,3\n.....\n.o...\n.oooo\n.oo.o\n"},
    {"sliding.txt", "sliding\n1 2 3 4\n5 0 6 8\n9 10 7 11\n"},
    {"valves.txt", "valves k=3 inlet=X outlet=Y\nX G\nX H\nX K\nX B\nY C\nY D\nY E\nY J\nY B\nY H\nY I\nA D\nA C\n"
                   "A I\nA J\nA F\nA G\nB I\nF K\n"},
    {"hanoi.txt", "hanoi goal=1\n4 3 2 1\n-\n-\n"},
    {"hanoi_mid.txt", "hanoi goal=0\n4 1\n6 3\n5 2\n"},
    {"river.txt", "river guards=3 prisoners=3 boat=2\n"},
    {"river_mid.txt", "river guards=3 prisoners=3 boat=2\nleft=3,1 side=R\n"},
};

class ReplayCheck : public ::testing::Test {
 protected:
  // The answers of one run, by file name: what every test below edits.
  static void SetUpTestSuite() {
    const fs::path dir = pb::testing::scratch_dir() / "replay-boards";
    fs::remove_all(dir);
    fs::create_directories(dir);
    for (const auto& [name, text] : kBoards) std::ofstream(dir / name, std::ios::binary) << text;
    const auto run = pb::testing::run_program(std::string(PB_PUZZLEBOT) + " solve " + dir.string() + " --json");
    fs::remove_all(dir);
    ASSERT_EQ(run.status, 0) << run.out << run.err;
    std::istringstream lines(run.out);
    for (std::string line; std::getline(lines, line);) {
      std::string problem;
      auto v = replay::parse_json(line, problem);
      ASSERT_TRUE(v) << problem << ": " << line;
      const Json* input = v->find("input");
      ASSERT_TRUE(input && input->is_string()) << line;
      answers_[fs::path(input->text).filename().string()] = *v;
    }
    ASSERT_EQ(answers_.size(), kBoards.size()) << run.out;
  }

  static const Json& answer(const std::string& name) { return answers_.at(name); }

  // The answer with its moves edited by `edit`, written back as a line of JSON.
  static std::string with_moves(const std::string& name, const std::function<void(Json&)>& edit) {
    Json v = answer(name);
    if (Json* moves = v.find("moves")) edit(*moves);
    return replay::dump(v);
  }

  // The answer with its "board" text edited: s/from/to/ once.
  static std::string with_board(const std::string& name, const std::string& from, const std::string& to) {
    Json v = answer(name);
    if (Json* board = v.find("board")) {
      const auto at = board->text.find(from);
      EXPECT_NE(at, std::string::npos) << board->text;
      if (at != std::string::npos) board->text.replace(at, from.size(), to);
    }
    return replay::dump(v);
  }

  static inline std::map<std::string, Json> answers_;
};

// The checker must refuse `answer`; what it says is printed, to see each mutation caught for its own reason.
void expect_rejected(const std::string& answer, bool solved = true) {
  const std::string why = solved ? replay::check_solved(answer) : replay::check_line(answer);
  EXPECT_NE(why, "") << answer;
  std::printf("[ rejected ] %s\n", why.c_str());
}

void swap_pair(Json& pair) { std::swap(pair.items[0], pair.items[1]); }
void add_one(Json& number) { number.number += 1; }

TEST_F(ReplayCheck, EveryGamesRealAnswerReplays) {
  for (const auto& [name, v] : answers_) EXPECT_EQ(replay::check_solved(replay::dump(v)), "") << name << ": " << replay::dump(v);
}

TEST_F(ReplayCheck, RowAndColumnSwappedAreRejected) {
  for (const char* name : {"onestroke.txt", "knight.txt"}) {
    const std::string bad = with_moves(name, [](Json& m) { for (Json& cell : m.items) swap_pair(cell); });
    expect_rejected(bad);
    // The start kept, every later cell swapped: caught by the rules of the moves, not by the start.
    expect_rejected(with_moves(name, [](Json& m) { for (std::size_t i = 1; i < m.items.size(); ++i) swap_pair(m.items[i]); }));
  }
  const std::string pegs = with_moves("pegs.txt", [](Json& m) {
    for (Json& jump : m.items) for (Json& cell : jump.items) swap_pair(cell);
  });
  expect_rejected(pegs);
}

TEST_F(ReplayCheck, OffByOneIndicesAreRejected) {
  // Every column one more (1-based columns), every row one more, every peg or tile number one more.
  for (int which : {0, 1}) {
    for (const char* name : {"onestroke.txt", "knight.txt"}) {
      const std::string bad = with_moves(name, [which](Json& m) { for (Json& cell : m.items) add_one(cell.items[static_cast<std::size_t>(which)]); });
      expect_rejected(bad);
    }
    const std::string pegs = with_moves("pegs.txt", [which](Json& m) {
      for (Json& jump : m.items) for (Json& cell : jump.items) add_one(cell.items[static_cast<std::size_t>(which)]);
    });
    expect_rejected(pegs);
  }
  for (const char* name : {"hanoi.txt", "hanoi_mid.txt"}) {
    const std::string bad = with_moves(name, [](Json& m) { for (Json& mv : m.items) { add_one(mv.items[0]); add_one(mv.items[1]); } });
    expect_rejected(bad);
  }
  const std::string sliding = with_moves("sliding.txt", [](Json& m) { for (Json& t : m.items) add_one(t); });
  expect_rejected(sliding);
}

TEST_F(ReplayCheck, DroppedOrReorderedMovesAreRejected) {
  for (const auto& [name, v] : answers_) {
    ASSERT_GE(v.find("moves")->items.size(), 2u) << name;
    const std::string short_by_one = with_moves(name, [](Json& m) { m.items.pop_back(); });
    expect_rejected(short_by_one);
  }
  // Two moves turned around: a path, a tour and tile slides are orders (in another order the second
  // move starts where the first has not yet gone).
  for (const char* name : {"onestroke.txt", "knight.txt", "sliding.txt"}) {
    const std::string bad = with_moves(name, [](Json& m) { std::swap(m.items[1], m.items[2]); });
    expect_rejected(bad);
  }
}

TEST_F(ReplayCheck, RiverTripsFromTheWrongSideOrGuardsAndPrisonersSwappedAreRejected) {
  for (const char* name : {"river.txt", "river_mid.txt"}) {
    const std::string swapped = with_moves(name, [](Json& m) { for (Json& trip : m.items) swap_pair(trip); });
    expect_rejected(swapped);
    // Every trip one bank off: the first trip dropped, so each one after it leaves from the other side.
    const std::string shifted = with_moves(name, [](Json& m) { m.items.erase(m.items.begin()); });
    expect_rejected(shifted);
  }
  // The same trips from a board whose boat is on the other bank.
  expect_rejected(with_board("river_mid.txt", "side=R", "side=L"));
  expect_rejected(with_board("river.txt", "side=L", "side=R"));
}

TEST_F(ReplayCheck, ValveNamesThatAreNotValvesAreRejected) {
  for (const char* name : {"Z", "x", "X", "Y", ""}) {  // not a node, a case slip, the inlet, the outlet
    const std::string bad = with_moves("valves.txt", [name](Json& m) { m.items[0].text = name; });
    expect_rejected(bad);
  }
  const std::string twice = with_moves("valves.txt", [](Json& m) { m.items[1] = m.items[0]; });
  expect_rejected(twice);
  const std::string numbers = with_moves("valves.txt", [](Json& m) {
    m.items[0] = Json{};
    m.items[0].kind = Json::Kind::kNumber;
  });
  expect_rejected(numbers);
  // One more wrench's worth than k allows: A is on no cut, but k=3 is already spent.
  const std::string extra = with_moves("valves.txt", [](Json& m) {
    Json more = m.items[0];
    more.text = "F";
    if (m.items[0].text == "F" || m.items[1].text == "F" || m.items[2].text == "F") more.text = "E";
    m.items.push_back(more);
  });
  expect_rejected(extra);
}

TEST_F(ReplayCheck, HanoiMovesFromAnEmptyPegOrOntoASmallerDiskAreRejected) {
  // At the start of hanoi.txt pegs 1 and 2 are empty: the first move turned around takes from one.
  const std::string from_empty = with_moves("hanoi.txt", [](Json& m) { swap_pair(m.items[0]); });
  expect_rejected(from_empty);
  const std::string onto_smaller = with_moves("hanoi.txt", [](Json& m) {
    Json second = m.items[0];  // the same disk moved again onto the peg the first move did not use
    second.items[0] = m.items[0].items[1];
    second.items[1].number = 3 - m.items[0].items[0].number - m.items[0].items[1].number;
    m.items.insert(m.items.begin() + 1, second);
    // then a larger disk from peg 0 onto it
    Json third = second;
    third.items[0].number = 0;
    m.items.insert(m.items.begin() + 2, third);
  });
  expect_rejected(onto_smaller);
  const std::string goal_moved = with_board("hanoi.txt", "goal=1", "goal=2");
  expect_rejected(goal_moved);
}

TEST_F(ReplayCheck, ParametersAreHonoured) {
  // The pegs target: the same jumps, another target hole.
  expect_rejected(with_board("pegs.txt", "target=3,3", "target=2,2"));
  // A closed tour is an open one too; the start N is kept to.
  EXPECT_EQ(replay::check_solved(with_board("knight.txt", "closed=1", "closed=0")), "");
  expect_rejected(with_board("knight.txt", ".N....", "N....."));
  // Onestroke's visited cells (mid-level) are not to be walked again.
  expect_rejected(with_board("onestroke.txt", "#######\n##.", "x######\n##."));
}

// One-stroke's end cell E (FORMATS.md): visited last, never before.
TEST_F(ReplayCheck, OnestrokeEndCellIsVisitedLast) {
  const std::string board = "onestroke\nS#\nE#\n";
  std::string problem;
  auto moves = [&](const char* json) { return *replay::parse_json(json, problem); };
  EXPECT_EQ(replay::check_moves(board, moves("[[0,0],[0,1],[1,1],[1,0]]")), "");
  for (const char* bad : {"[[0,0],[1,0],[1,1],[0,1]]", "[[0,0],[0,1],[1,1]]"}) {
    const std::string why = replay::check_moves(board, moves(bad));
    EXPECT_NE(why, "") << bad;
    std::printf("[ rejected ] %s\n", why.c_str());
  }
}

TEST_F(ReplayCheck, MalformedAnswersAreRejected) {
  for (const char* bad : {"", "{", "[]", R"({"game":"sliding","status":"solved","board":"sliding\n1 0\n","moves":[1]})",
                          R"({"game":"hanoi","status":"solved","board":"sliding\n0 1\n","moves":[1]})",
                          R"({"game":"sliding","status":"solved","board":"sliding\n0 1\n","moves":"[1]"})",
                          R"({"game":"sliding","status":"solved","board":"sliding\n0 1\n","moves":[1.5]})",
                          R"({"game":"sliding","status":"won","board":"sliding\n0 1\n","moves":[1]})"})
    expect_rejected(bad, false);
  EXPECT_EQ(replay::check_line(R"({"game":"sliding","status":"solved","board":"sliding\n0 1\n","moves":[1]})"), "");
  expect_rejected(R"({"game":"sliding","status":"unsolvable","board":"sliding\n2 1\n0 3\n","moves":[]})");
}

}  // namespace
