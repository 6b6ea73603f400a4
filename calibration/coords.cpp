/* coords.cpp: frame-to-input mapping. */
#include "calibration/coords.hpp"

#include <cmath>

namespace pb::calibration {

InputPoint FrameToInput::map(const FramePoint& p) const {
  return InputPoint{static_cast<int>(std::lround(p.x * scale_x + offset_x)),
                    static_cast<int>(std::lround(p.y * scale_y + offset_y)), input};
}

}  // namespace pb::calibration
