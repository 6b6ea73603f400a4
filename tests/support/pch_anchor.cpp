/* pch_anchor.cpp: the one source of pb_test_pch, the target that builds the tests' precompiled header (tests/CMakeLists.txt). */
