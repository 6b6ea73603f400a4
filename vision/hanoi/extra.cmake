# The Hanoi reader finds its rods and discs with the shared bar detection (vision/common/bars.hpp).
target_link_libraries(pb_vision_hanoi PUBLIC pb_vision_common)
