#!/usr/bin/env bash
# no_message_matching.sh: fails, naming file and line, where code or a test searches, compares or
# edits the text of an error message (or a search limit by its words) instead of branching on a code.
#
# Messages are for people (core/result.hpp): a program that finds words in them breaks when the
# words are improved, and a test that does passes for the wrong failure. Branch on ErrorCode, on
# solvers::Limit, and add to an Error's hint instead of rewriting its message.
#
# usage: no_message_matching.sh [ROOT]   (default: the source tree this script is in)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/check_common.bash"
root=${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
cd "$root"

dirs=()
for d in core solvers vision capture actuator calibration platform app samples bench tests; do
  [[ -d $d ]] && dirs+=("$d")
done

# Each pattern, with what to do instead. Extended regular expressions, matched per line.
patterns=(
  # message.find(...), .rfind, .starts_with, .ends_with, .contains, .substr, .compare, .replace, .erase
  '(^|[^_[:alnum:]])message(\(\))?\.(find|rfind|find_first_of|find_last_of|starts_with|ends_with|contains|substr|compare|replace|erase)\('
  # message == "...", message != ..., "..." == message
  '(^|[^_[:alnum:]])message(\(\))?[[:space:]]*[!=]='
  '[!=]=[[:space:]]*([_[:alnum:]]+(\(\))?\.)*message([^_[:alnum:](]|\(\)|$)'
  # a search limit compared by its words: limit == "table memory", which() == "..."
  '(^|[^_[:alnum:]])(limit|which\(\))[[:space:]]*[!=]=[[:space:]]*"'
  # a test asserting on a message's words: EXPECT_EQ(x.message, "...") / EXPECT_STREQ(which(), "...")
  'EXPECT_(STR)?(EQ|NE)\([^,]*(message|which\(\)),[[:space:]]*"'
)

if ! no_match "${dirs[@]}"; then
  echo "error: the lines above search, compare or edit message text: branch on the ErrorCode (or solvers::Limit)," \
       "and add to Error::hint instead of rewriting a message (core/result.hpp)" >&2
  exit 1
fi
echo "no message text is searched, compared or rewritten (${#patterns[@]} patterns over ${dirs[*]})"
