# Runs an MPI GoogleTest executable that fails on one rank and checks that the
# run ends with a failure well before its time limit (a hang is the bug).
# cmake -DMPIEXEC=.. -DNP=3 -DEXE=.. -P expect_test_failure.cmake
execute_process(
  COMMAND ${MPIEXEC} -n ${NP} --oversubscribe ${EXE}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 30)
set(all "${out}${err}")
message(STATUS "exit: ${rc}\n${all}")
if(rc MATCHES "timeout")
  message(FATAL_ERROR "hang: the other ranks waited for the failed one (${rc})")
endif()
if(rc EQUAL 0)
  message(FATAL_ERROR "exit code 0, expected the deliberate failure")
endif()
if(NOT all MATCHES "deliberate failure on the last rank")
  message(FATAL_ERROR "the failure message is missing")
endif()
