# check_common.bash: what the source checks share: C++ sources grepped for patterns that must not appear.
# Sourced by tests/checks/*.sh (the name does not end in .sh, so it is no check itself).

# no_match DIR...: greps the C++ sources under DIR... for each pattern of the array `patterns`
# (extended regular expressions, per line; comments are not exempt: a commented-out check comes
# back), printing FILE:LINE:TEXT for each hit; fails when there is any.
no_match() {
  local status=0 pattern
  for pattern in "${patterns[@]}"; do
    if grep -rnE --include='*.cpp' --include='*.hpp' --include='*.h' --include='*.inc' -- "$pattern" "$@"; then
      status=1
    fi
  done
  return $status
}
