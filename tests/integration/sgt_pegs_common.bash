# sgt_pegs_common.bash: the board an sgt-pegs game ID describes, as `puzzlebot solve` prints it.
# Sourced by sgt_readers.sh and read_sgt_pegs_schemes.sh (this file's name does not end in .sh, so it
# is no test itself).

# pegs_id_rows ID: the ID's rows cropped to the bounding box of its holes, P/H/O as o/./#.
pegs_id_rows() {
  local id=$1 w
  w=${id%%x*}
  echo "${id#*:}" | fold -w "$w" | awk '
    { row[NR] = $0 }
    END {
      top = 0; left = 1000; right = 0
      for (r = 1; r <= NR; r++) {
        s = row[r]; first = match(s, /[PH]/)
        if (first == 0) continue
        if (top == 0) top = r; bottom = r
        if (first < left) left = first
        for (c = length(s); c >= 1; c--) if (substr(s, c, 1) != "O") { if (c > right) right = c; break }
      }
      for (r = top; r <= bottom; r++) {
        s = substr(row[r], left, right - left + 1); gsub(/P/, "o", s); gsub(/H/, ".", s); gsub(/O/, "#", s); print s
      }
    }'
}

# The "board" string of puzzlebot's JSON, unescaped, without its header line.
board_of() { sed -n 's/.*"board": *"\([^"]*\)".*/\1/p' "$1" | sed 's/\\n/\n/g' | sed 1d; }
