/* clock.hpp: Clock, the time that waits for another program are measured and slept in. */
#pragma once

// Code that waits for a game or a device (the play loop, wait_until_still) reads the time and sleeps
// through a Clock rather than std::chrono directly, so that a test can run it in virtual time: a
// simulated device that moves the clock on by what its looks and its animations cost gives the
// same waits, looks and outcome on an idle machine and on one busy with other work.
//
// Rejected: asserting on counts of looks made in real time (a loaded machine stretches every
// sleep and every look, and the counts with them: a test of what the loop learned flaked 11 vs 13).

#include <chrono>
#include <thread>

namespace pb {

class Clock {
 public:
  // A steady_clock time, so that frames stamped by a real source (capture::Frame::taken) and a
  // virtual clock's readings are of one type.
  using time_point = std::chrono::steady_clock::time_point;
  using duration = std::chrono::steady_clock::duration;
  virtual ~Clock() = default;
  virtual time_point now() = 0;
  virtual void sleep_for(duration d) = 0;
};

// std::chrono::steady_clock and std::this_thread::sleep_for: the clock everything runs on but tests.
class SteadyClock final : public Clock {
 public:
  time_point now() override { return std::chrono::steady_clock::now(); }
  void sleep_for(duration d) override { std::this_thread::sleep_for(d); }
};

inline Clock& steady_clock() {
  static SteadyClock clock;
  return clock;
}

}  // namespace pb
