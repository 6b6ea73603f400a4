# render_onestroke BOARD.txt OUT.png: regenerates samples/onestroke (see regenerate.sh there).
add_executable(render_onestroke ${CMAKE_CURRENT_LIST_DIR}/render_main.cpp)
target_link_libraries(render_onestroke PRIVATE pb_vision_onestroke pb::warnings)
# Cells drawn as dots are put on a lattice by the detection layer's fitter (vision/common/disc_lattice.hpp).
target_link_libraries(pb_vision_onestroke PUBLIC pb_vision_common)
