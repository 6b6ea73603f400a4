/* result.hpp: Result<T>, the value-or-error every module returns across its boundary. */
#pragma once

// Rejected: exceptions across module boundaries (callers forget them, and a solver's hot loop should
// not pay for unwinding); std::expected (C++23, not in the C++20 we build with).

#include <cassert>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace pb {

// What kind of failure an Error is, for the program to branch on. The message is for the user and
// is never parsed: code that must tell failures apart looks at the code.
enum class ErrorCode {
  kBadInput,    // a malformed file or argument, an unreadable image: the user must fix the input
  kNoBoard,     // an image was read but nothing in it looks like the game's board
  kBoardClipped,  // the board is there but cut by the frame's edge (a page scrolled, a window off
                  // screen): a reader refuses it rather than read the part it sees as a smaller board
  kDeviceGone,  // the window closed, the phone disconnected, the display went away
  kInterrupted, // the user took the mouse, pressed Ctrl-C
  kNotCleared,  // the game did not accept the moves as a cleared level
  kInternal,    // a bug: a plan that does not replay, a reader that gave too few centres
};

// What went wrong, in three parts kept apart so that no code ever has to search or edit text:
//  - `code`, for the program to branch on (exit statuses: app/commands.hpp's exit_status);
//  - `message`, one line for people saying what failed ("no board found: no pipes between the
//    valves"); it is never parsed, only printed or put after more context;
//  - `hint`, what the user may do about it ("check the game is on screen"), or empty. The layer that
//    knows the remedy writes it: a reader knows the picture, the command knows its own options and
//    adds them (add_hint: "try --annotate OUT.png to see what was read"), never by rewriting.
// `message` comes first so `Error{"text"}` stays a bad-input error.
struct Error {
  std::string message;
  ErrorCode code = ErrorCode::kBadInput;
  std::string hint;

  bool is(ErrorCode c) const { return code == c; }
  // The line a user reads: the message, then the hint in brackets when there is one.
  std::string text() const { return hint.empty() ? message : message + " (" + hint + ")"; }
};

inline Error make_error(std::string message) { return Error{std::move(message), ErrorCode::kBadInput, {}}; }
inline Error make_error(ErrorCode code, std::string message, std::string hint = {}) {
  return Error{std::move(message), code, std::move(hint)};
}
// The same failure with more said in front ("cannot read the board: " + what the reader said); the
// hint stays.
inline Error with_context(std::string prefix, const Error& e) { return Error{std::move(prefix) + e.message, e.code, e.hint}; }
// The same failure with one more thing the user may try, after any the error already had.
inline Error add_hint(Error e, std::string_view more) {
  if (more.empty()) return e;
  e.hint += e.hint.empty() ? std::string(more) : "; " + std::string(more);
  return e;
}

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::in_place_index<0>, std::move(value)) {}  // NOLINT: implicit by design
  Result(Error error) : v_(std::in_place_index<1>, std::move(error)) {}  // NOLINT

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & { assert(ok()); return std::get<0>(v_); }
  const T& value() const& { assert(ok()); return std::get<0>(v_); }
  T&& value() && { assert(ok()); return std::get<0>(std::move(v_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

  const Error& error() const { assert(!ok()); return std::get<1>(v_); }

 private:
  std::variant<T, Error> v_;
};

template <>
class [[nodiscard]] Result<void> {
 public:
  Result() = default;
  Result(Error error) : error_(std::move(error)) {}  // NOLINT
  bool ok() const { return !error_.has_value(); }
  explicit operator bool() const { return ok(); }
  const Error& error() const { assert(!ok()); return *error_; }

 private:
  std::optional<Error> error_;
};

}  // namespace pb
