/* profile.hpp: device profiles: screen, frame-to-input transform, board region and timings, in YAML. */
#pragma once

// Stored with OpenCV's FileStorage (YAML), the format OpenCV's own calibration tools write, so a
// profile can carry reader Params too: each reader reads the node named after its game.

#include <cstddef>
#include <exception>
#include <memory>
#include <optional>
#include <span>
#include <opencv2/core.hpp>
#include <string>
#include <string_view>

#include "calibration/coords.hpp"
#include "core/result.hpp"

namespace pb::calibration {

// Waits the play loop makes, in milliseconds.
struct Timings {
  int settle_ms = 400;         // after a move, before the screen is checked again
  int max_settle_ms = 4000;    // give up waiting for a still screen after this
  int level_pause_ms = 1500;   // after a cleared level, before the next one is read
  int drag_step_ms = 16;       // between the points of a drag
  int tap_ms = 60;             // how long a tap is held
};

struct Profile {
  std::string name;          // "pixel-1080x2340"
  std::string model;         // as the device reports it, "" when unknown
  Size screen;               // the device's screen in its input pixels
  int density = 0;           // dots per inch as the device reports it (0: unknown)
  FrameToInput frame_to_input;
  std::optional<cv::Rect> board;  // where the board is, in frame pixels (a hint for readers)
  Timings timings;
  std::string source;        // the file it was read from ("" when built in code)
};

// The profile of a device whose screenshots are its input pixels one to one.
Profile identity_profile(Size screen);

// Profiles are read with OpenCV's YAML parser, which loops forever or throws on some malformed
// text, so every profile passes a structural check first: at most kMaxProfileBytes, one document
// (an optional first line "%YAML:1.0", an optional "---" alone on its line), no control bytes,
// anchors or aliases, list entries written "- item", flow lists and maps nested at most
// kMaxProfileNesting deep, quoted strings ending on their line, indentation at most kMaxProfileIndent.
constexpr std::size_t kMaxProfileBytes = 64 * 1024;
constexpr int kMaxProfileNesting = 16;
constexpr std::size_t kMaxProfileIndent = 64;

// The text OpenCV may be given (with a "%YAML:1.0" header added when missing), or a one-line
// error naming the line and what to change.
Result<std::string> check_profile_text(std::string_view yaml, std::string_view source);

// Reads a profile from YAML text / a file. Errors name the file and the field, and say what to do.
Result<Profile> parse_profile(std::string_view yaml, std::string_view source);
Result<Profile> load_profile(const std::string& path);
Result<void> save_profile(const Profile& profile, const std::string& path);

// The checked profile text / file opened for reading nodes, such as the one a reader's Params
// live under ("onestroke", "sliding", ...).
Result<cv::FileStorage> open_profile_text(std::string_view yaml, std::string_view source);
Result<cv::FileStorage> open_profile_storage(const std::string& path);

// A profile file read, checked and parsed once, then handed down by value to whoever needs a node
// of it (each reader's Params live under the node named after its game). Copies share the parsed
// document, which is only read after open(). An empty ProfileDoc (no --profile) gives every reader
// its defaults.
class ProfileDoc {
 public:
  ProfileDoc() = default;
  // "" gives the empty document. Errors name the file and say what to do.
  static Result<ProfileDoc> open(const std::string& path);
  static Result<ProfileDoc> from_text(std::string_view yaml, std::string_view source);

  bool empty() const { return storage_ == nullptr; }
  const std::string& path() const { return path_; }
  // The node named `name`; a none-node when absent or when the document is empty.
  cv::FileNode node(std::string_view name) const;
  // The device part (screen, transform, timings), checked as load_profile checks it.
  Result<Profile> device() const;
  // check_profile_keys (below) on this document; nothing to check when it is empty.
  Result<void> check_keys(std::span<const std::string> reader_nodes) const;

 private:
  std::string path_;
  std::shared_ptr<const cv::FileStorage> storage_;
};
// The top-level keys a profile may have besides the reader nodes (one per game).
inline constexpr std::string_view kProfileKeys[] = {"name",           "model",   "screen_width", "screen_height",
                                                    "density",        "board",   "frame_to_input", "timings",
                                                    "scroll"};

// Fails on a top-level key that is neither one of kProfileKeys nor in `reader_nodes` (the games
// whose readers take Params), or an unknown key of `timings` or `frame_to_input`, naming the key,
// the nearest valid one and all valid ones: a misspelled key must not be ignored without a word.
// (load_profile checks `timings` and `frame_to_input` itself; it cannot know the reader nodes.)
Result<void> check_profile_keys(const cv::FileStorage& fs, std::span<const std::string> reader_nodes,
                                std::string_view source);

// A reader's Params from the profile node named after its game (`load(node)` gives
// Result<Params>; an absent node gives the reader's defaults).
template <class Params, class Load>
Result<Params> reader_params(const ProfileDoc& profile, std::string_view game, Load load) {
  if (profile.empty()) return Params{};
  try {
    Result<Params> loaded = load(profile.node(game));
    if (!loaded) return with_context(profile.path() + ": ", loaded.error());
    return loaded;
  } catch (const std::exception& e) {  // cv::Exception from a node of the wrong kind
    return make_error(profile.path() + ": " + std::string(game) + " settings unreadable (" + e.what() + ")");
  }
}

}  // namespace pb::calibration
