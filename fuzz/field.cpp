// Fuzz target: a volume field file (0/U, 0/p: dimensions, internalField,
// boundaryField) read into a VolField on a fixed 3 x 3 x 1 cavity mesh with
// the patches of cases/cavity (lid, walls, frontAndBack). The header's class
// picks the type: volVectorField, else volScalarField.
#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <optional>

#include "fuzz_input.hpp"
#include "sluice/core/error.hpp"
#include "sluice/field/field_io.hpp"
#include "sluice/field/fv_mesh.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/mesh/block_mesh.hpp"
#include "sluice/parallel/communicator.hpp"

namespace {

constexpr const char* kBlockMeshDict = R"(
vertices ((0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 0.1) (1 0 0.1) (1 1 0.1) (0 1 0.1));
blocks (hex (0 1 2 3 4 5 6 7) (3 3 1) simpleGrading (1 1 1));
boundary
(
    lid { type wall; faces ((3 7 6 2)); }
    walls { type wall; faces ((0 4 7 3) (1 2 6 5) (0 1 5 4)); }
    frontAndBack { type empty; faces ((0 3 2 1) (4 5 6 7)); }
);
)";

/// The mesh every input is read on, built once (MPI started first: FvMesh
/// works on a communicator, here MPI_COMM_SELF).
struct FieldMesh {
  FieldMesh() : comm(MPI_COMM_SELF) {
    mesh.emplace(sluice::field::makeSerialFvMesh(
        sluice::mesh::buildBlockMesh(sluice::io::Dictionary::parse(kBlockMeshDict, "fuzz/blockMeshDict")), comm));
  }
  sluice::parallel::Communicator comm;
  std::optional<sluice::field::FvMesh> mesh;
};

const sluice::field::FvMesh& fieldMesh() {
  static const FieldMesh instance;
  return *instance.mesh;
}

}  // namespace

// Open MPI keeps allocations to the end of the process by design: no leak
// check at exit (libFuzzer still checks every input for leaks).
extern "C" const char* __asan_default_options() { return "leak_check_at_exit=0"; }

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
  (void)argc;
  (void)argv;
  MPI_Init(nullptr, nullptr);
  (void)fieldMesh();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = sluice::fuzz::asText(data, size);
  if (sluice::fuzz::readsFiles(text)) return -1;
  try {
    const sluice::io::Dictionary dict = sluice::fuzz::parseQuietly(text, "0/U");
    const sluice::io::Dictionary* header = dict.findSubDict("FoamFile");
    const bool vector = header != nullptr && header->getOr<std::string>("class", "") == "volVectorField";
    if (vector)
      (void)sluice::field::volFieldFromDictionary<sluice::Vec3>(dict, "U", "0/U", fieldMesh());
    else
      (void)sluice::field::volFieldFromDictionary<sluice::Scalar>(dict, "p", "0/p", fieldMesh());
  } catch (const sluice::InputError&) {
  }
  return 0;
}
