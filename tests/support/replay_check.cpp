/* replay_check.cpp: the replay checker (replay_check.hpp) as a program, for the shell tests: JSON lines on stdin, exit 1 on the first wrong one. */
#include <iostream>
#include <iterator>
#include <string>

#include "tests/support/replay_check.hpp"

// usage: puzzlebot solve ... --json | replay_check [--solved]
// Every line must be a well-formed answer whose moves, when "solved", replay to the goal; with
// --solved every line must also be "solved".
int main(int argc, char** argv) {
  const bool solved_only = argc > 1 && std::string(argv[1]) == "--solved";
  if (argc > 2 || (argc == 2 && !solved_only)) {
    std::cerr << "usage: replay_check [--solved] < answers.jsonl\n";
    return 2;
  }
  const std::string all((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
  int n = 0;
  std::size_t pos = 0;
  while (pos < all.size()) {
    std::size_t nl = all.find('\n', pos);
    if (nl == std::string::npos) nl = all.size();
    const std::string line = all.substr(pos, nl - pos);
    pos = nl + 1;
    ++n;
    const std::string problem = solved_only ? pb::testing::replay::check_solved(line) : pb::testing::replay::check_line(line);
    if (!problem.empty()) {
      std::cerr << "replay_check: line " << n << ": " << problem << "\n";
      return 1;
    }
  }
  if (n == 0) {
    std::cerr << "replay_check: no answer on stdin\n";
    return 1;
  }
  std::cout << "replay_check: " << n << " answer(s) replayed\n";
  return 0;
}
