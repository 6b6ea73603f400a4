# Sliding tiles read Fifteen's digits with Tesseract (vision/common/ocr.hpp).
target_link_libraries(pb_vision_sliding PRIVATE pb_vision_ocr)
# Numbered picture boards (numbered_reader.hpp) find their empty cell with vision/common/plain_squares.hpp.
target_link_libraries(pb_vision_sliding PRIVATE pb_vision_common)
