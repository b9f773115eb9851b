# Finds Debian's libscotch-dev (serial Scotch; headers under /usr/include/scotch).
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
