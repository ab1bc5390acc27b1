# Runs `sandtable bench --search` and compares its signature with the recorded one, so that
# a change of search behaviour updates the record in the same commit.
# Usage: cmake -DSANDTABLE=<program> -DRECORD=<file> -P bench_signature.cmake
if(NOT EXISTS "${SANDTABLE}")
  # A build of the search tests alone (CI's ThreadSanitizer run) has no program to ask.
  message("skipped: ${SANDTABLE} is not built")
  return()
endif()
execute_process(COMMAND ${SANDTABLE} bench --search OUTPUT_VARIABLE out RESULT_VARIABLE code)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "sandtable bench --search failed (${code}):\n${out}")
endif()
string(REGEX MATCH "signature ([0-9]+)" _ "${out}")
set(actual "${CMAKE_MATCH_1}")
file(STRINGS ${RECORD} recorded REGEX "^[0-9]+$")
if(NOT actual STREQUAL recorded)
  message(FATAL_ERROR "sandtable bench --search signs ${actual}, the record ${RECORD} says "
                      "${recorded}. If the search meant to change, write ${actual} there in the "
                      "same commit and say why in the commit message.")
endif()
message(STATUS "signature ${actual}, as recorded")
