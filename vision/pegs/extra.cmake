# Pegs finds its discs and their lattice with the detection layer (vision/common/discs.hpp, disc_lattice.hpp).
target_link_libraries(pb_vision_pegs PUBLIC pb_vision_common)
