# Finds Debian's libscotch-dev (serial Scotch; headers under /usr/include/scotch) and libptscotch-dev.
find_path(SCOTCH_INCLUDE_DIR scotch.h PATH_SUFFIXES scotch)
find_library(SCOTCH_LIBRARY scotch)
find_library(SCOTCHERR_LIBRARY scotcherr)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(Scotch DEFAULT_MSG SCOTCH_INCLUDE_DIR SCOTCH_LIBRARY SCOTCHERR_LIBRARY)
if(Scotch_FOUND AND NOT TARGET Scotch::scotch)
  add_library(Scotch::scotch INTERFACE IMPORTED)
  set_target_properties(Scotch::scotch PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${SCOTCH_INCLUDE_DIR}"
    INTERFACE_LINK_LIBRARIES "${SCOTCH_LIBRARY};${SCOTCHERR_LIBRARY};Threads::Threads")
endif()

# PT-Scotch (Debian's libptscotch-dev): the distributed start-up partitions
# the cell graph across the ranks with it.
find_path(PTSCOTCH_INCLUDE_DIR ptscotch.h PATH_SUFFIXES scotch)
find_library(PTSCOTCH_LIBRARY ptscotch)
find_library(PTSCOTCHERR_LIBRARY ptscotcherr)
if(PTSCOTCH_INCLUDE_DIR AND PTSCOTCH_LIBRARY AND PTSCOTCHERR_LIBRARY AND NOT TARGET Scotch::ptscotch)
  add_library(Scotch::ptscotch INTERFACE IMPORTED)
  set_target_properties(Scotch::ptscotch PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${PTSCOTCH_INCLUDE_DIR}"
    INTERFACE_LINK_LIBRARIES "${PTSCOTCH_LIBRARY};${SCOTCH_LIBRARY};${PTSCOTCHERR_LIBRARY};MPI::MPI_CXX;Threads::Threads")
endif()
if(NOT TARGET Scotch::ptscotch)
  message(FATAL_ERROR "PT-Scotch not found: install libptscotch-dev (scripts/bootstrap does)")
endif()
