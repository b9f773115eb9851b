# Runs fail_one_rank under mpiexec and checks the exit code and the error
# message: cmake -DMPIEXEC=.. -DNP=3 -DEXE=.. -DMODE=local -P expect_failure.cmake
# The timeout turns a hang into a failure.
execute_process(
  COMMAND ${MPIEXEC} -n ${NP} --oversubscribe ${EXE} ${MODE}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 45)
set(all "${out}${err}")
message(STATUS "exit: ${rc}\n${all}")

if(MODE STREQUAL "local")
  set(expected "error \\(rank ${NP_LAST}\\): constant/polyMesh/faces:3: face 7 has 2 points")
  set(aborts TRUE)
elseif(MODE STREQUAL "checkpoint")
  set(expected "error \\(rank 1\\): 0/p:17:5: unknown patch 'outlet2'")
  set(aborts FALSE)
elseif(MODE STREQUAL "collective")
  set(expected "error: system/controlDict:9:12: expected a number")
  set(aborts FALSE)
elseif(MODE STREQUAL "refuse")
  set(expected "error: ${NP} ranks but the mesh has 2 cells")
  set(aborts FALSE)
else()
  message(FATAL_ERROR "unknown MODE '${MODE}'")
endif()

if(rc MATCHES "timeout")
  message(FATAL_ERROR "hang: ${rc}")
endif()
if(rc EQUAL 0)
  message(FATAL_ERROR "exit code 0, expected a failure")
endif()
string(REGEX MATCHALL "${expected}" hits "${all}")
list(LENGTH hits count)
if(NOT count EQUAL 1)
  message(FATAL_ERROR "expected the line '${expected}' exactly once, found it ${count} times")
endif()
string(REGEX MATCHALL "error[ :]" anyError "${all}")
list(LENGTH anyError errorLines)
if(NOT errorLines EQUAL 1)
  message(FATAL_ERROR "expected exactly one error line, found ${errorLines}")
endif()
# An aborting run is recognised by its exit code and single error line, not by
# Open MPI's MPI_ABORT banner: mpiexec sometimes fails to print that banner
# ("ORTE_ERROR_LOG: Data unpack had inadequate space ... show_help.c").
if(NOT aborts)
  if(all MATCHES "MPI_ABORT")
    message(FATAL_ERROR "a collective failure must not abort")
  endif()
  if(NOT rc EQUAL 1)
    message(FATAL_ERROR "expected exit code 1, got ${rc}")
  endif()
endif()
