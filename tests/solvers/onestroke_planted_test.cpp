/* onestroke_planted_test.cpp: property test: planted (always solvable) boards of several sizes are solved. */
#include <gtest/gtest.h>

#include <chrono>

#include "solvers/onestroke/onestroke.hpp"
#include "solvers/onestroke/planted.hpp"

namespace pb::solvers::onestroke {
namespace {

TEST(OnestrokePlanted, GeneratorPlantsAPath) {
  for (int n : {1, 2, 5, 12}) {
    Planted p = planted_board(n, 0.75, 100 + static_cast<std::uint64_t>(n));
    EXPECT_TRUE(check_solution(p.state, p.path)) << n;
    EXPECT_GE(static_cast<double>(p.path.size()), 0.75 * n * n - 1);
  }
  EXPECT_EQ(planted_board(10, 0.75, 9).state, planted_board(10, 0.75, 9).state);
  EXPECT_NE(planted_board(10, 0.75, 9).state, planted_board(10, 0.75, 10).state);
}

struct Case {
  int n;
  int count;
};

class OnestrokePlantedSizes : public ::testing::TestWithParam<Case> {};

TEST_P(OnestrokePlantedSizes, AllSolvedAndReplayed) {
  const Case c = GetParam();
  for (int k = 0; k < c.count; ++k) {
    Planted p = planted_board(c.n, 0.75, 7000 + static_cast<std::uint64_t>(c.n * 100 + k));
    Limits limits = Limits::with_timeout(std::chrono::seconds(20));
    limits.seed = static_cast<std::uint64_t>(k) + 1;
    Solution sol = solve(p.state, limits);
    ASSERT_EQ(sol.status, Status::kSolved) << c.n << "x" << c.n << " #" << k << ": " << sol.reason << "\n"
                                           << format(p.state);
    auto replay = check_solution(p.state, sol.path);
    ASSERT_TRUE(replay) << replay.error().message;
  }
}

INSTANTIATE_TEST_SUITE_P(Onestroke, OnestrokePlantedSizes,
                         ::testing::Values(Case{4, 200}, Case{6, 200}, Case{8, 100}, Case{10, 50}, Case{15, 20},
                                           Case{20, 10}, Case{30, 4}, Case{50, 2}),
                         [](const auto& info) { return std::to_string(info.param.n) + "x" + std::to_string(info.param.n); });

}  // namespace
}  // namespace pb::solvers::onestroke
