# Sliding tiles read Fifteen's digits with Tesseract (vision/common/ocr.hpp).
target_link_libraries(pb_vision_sliding PRIVATE pb_vision_ocr)
