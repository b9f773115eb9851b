// Fuzz target: a blockMeshDict parsed into a BlockMeshSpec and, when the mesh
// is small, assembled into a PolyMesh. Cell counts are capped here so the
// fuzzer spends its time in the readers, not in meshing (huge counts are the
// block mesher's own checks, not this target's business).
#include <cstddef>
#include <cstdint>

#include "fuzz_input.hpp"
#include "sluice/core/error.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/mesh/block_assembly.hpp"
#include "sluice/mesh/block_mesh.hpp"

namespace {

constexpr sluice::Label kMaxCellsPerDirection = 64;
constexpr std::int64_t kMaxCells = 4096;
constexpr std::size_t kMaxBlocks = 64;

bool smallEnough(const sluice::mesh::BlockMeshSpec& spec) {
  if (spec.blocks.size() > kMaxBlocks) return false;
  std::int64_t total = 0;
  for (const sluice::mesh::BlockSpec& b : spec.blocks) {
    std::int64_t cells = 1;
    for (sluice::Label n : b.cells) {
      if (n < 1 || n > kMaxCellsPerDirection) return false;
      cells *= n;
    }
    total += cells;
  }
  return total <= kMaxCells;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = sluice::fuzz::asText(data, size);
  if (sluice::fuzz::readsFiles(text)) return -1;
  try {
    const sluice::io::Dictionary dict = sluice::fuzz::parseQuietly(text, "system/blockMeshDict");
    const sluice::mesh::BlockMeshSpec spec = sluice::mesh::readBlockMeshSpec(dict);
    if (smallEnough(spec)) (void)sluice::mesh::assembleBlockMesh(spec);
  } catch (const sluice::InputError&) {
  }
  return 0;
}
