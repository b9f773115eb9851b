# Finds Debian's libmetis-dev.
find_path(METIS_INCLUDE_DIR metis.h)
find_library(METIS_LIBRARY metis)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(Metis DEFAULT_MSG METIS_INCLUDE_DIR METIS_LIBRARY)
if(Metis_FOUND AND NOT TARGET Metis::metis)
  add_library(Metis::metis INTERFACE IMPORTED)
  set_target_properties(Metis::metis PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${METIS_INCLUDE_DIR}"
    INTERFACE_LINK_LIBRARIES "${METIS_LIBRARY}")
endif()
