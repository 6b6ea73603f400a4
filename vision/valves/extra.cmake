# Valves reads the letters and the wrench count with Tesseract (vision/common/ocr.hpp), one engine per thread.
target_link_libraries(pb_vision_valves PRIVATE pb_vision_ocr)
# The diagram's openings (vision/common/morphology.hpp).
target_link_libraries(pb_vision_valves PRIVATE pb_vision_common)
