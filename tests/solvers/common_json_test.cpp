/* common_json_test.cpp: JSON escaping and the object writer the command line prints with. */
#include <gtest/gtest.h>

#include "core/json.hpp"

namespace pb::json {
namespace {

TEST(Json, QuoteEscapesQuotesBackslashesAndControlBytes) {
  EXPECT_EQ(quote("a\"b\\c\nd\x01"), "\"a\\\"b\\\\c\\nd\\u0001\"");
  EXPECT_EQ(quote("一笔画完"), "\"一笔画完\"");
}

TEST(Json, NumbersRoundTripAndNonFiniteIsNull) {
  EXPECT_EQ(number(0.5), "0.5");
  EXPECT_EQ(number(3), "3");
  EXPECT_EQ(number(1.0 / 0.0), "null");
}

TEST(Json, ObjectKeepsKeyOrder) {
  ObjectWriter w;
  w.string("game", "onestroke").raw("moves", int_pairs({{0, 4}, {0, 5}})).integer("n", -2);
  EXPECT_EQ(w.str(), R"({"game":"onestroke","moves":[[0,4],[0,5]],"n":-2})");
  EXPECT_EQ(ObjectWriter().str(), "{}");
  EXPECT_EQ(array({"1", "\"a\""}), R"([1,"a"])");
}

}  // namespace
}  // namespace pb::json
