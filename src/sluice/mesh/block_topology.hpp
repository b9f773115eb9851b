#pragma once
// The block-level structure of a block mesh, without any lattice points:
// the checks assembleBlockMesh makes on the blocks (counts, orientation,
// grading sections), which block faces are shared by two blocks, which are
// listed in which patch and which fall to the default patch, the curved
// edges of each block, the cell offsets, and how the patches lay out the
// boundary faces. Sized by the blocks, not by the cells: both the serial
// mesher and the per-rank share mesher start from it.
//
//   BlockTopology topology(spec);        // InputError on inconsistent blocks
//   ... (serial: merge points) ...
//   topology.assignPatchFaces();         // InputError on bad patch entries
//   BlockTopology::PatchLayout layout = topology.patchLayout(nInternalFaces);
#include <array>
#include <string>
#include <utility>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/mesh/block_mesh_spec.hpp"
#include "sluice/mesh/hex_block_geometry.hpp"
#include "sluice/mesh/patch.hpp"

namespace sluice::mesh {

/// One side of a block face: block index and local face (0..5, HexLattice::Face).
struct BlockFaceRef {
  Label block;
  int face;
};

class BlockTopology {
 public:
  using Quad = std::array<Label, 4>;

  /// Checks the blocks and finds the shared block faces (InputError).
  explicit BlockTopology(const BlockMeshSpec& spec);
  /// Puts the listed patch faces on their block faces (InputError).
  void assignPatchFaces();

  const BlockMeshSpec& spec() const { return spec_; }
  Label nBlocks() const { return static_cast<Label>(spec_.blocks.size()); }
  /// First cell of each block (cells are numbered block by block), and the total.
  GlobalLabel cellOffset(Label block) const { return cellOffsets_[block]; }
  GlobalLabel nCells() const { return cellOffsets_.back(); }

  /// The partner of a block face shared by two blocks (block -1 if none).
  BlockFaceRef sharedWith(Label block, int face) const { return sharedWith_[block][face]; }
  /// Shared block faces, lower block first, in block order.
  const std::vector<std::pair<BlockFaceRef, BlockFaceRef>>& sharedPairs() const { return pairs_; }
  /// After assignPatchFaces: the patch listing a block face (-1 if none).
  Label patchOf(Label block, int face) const { return patchOf_[block][face]; }
  /// After assignPatchFaces: the block faces of each listed patch, in listed order.
  const std::vector<BlockFaceRef>& patchFaces(std::size_t patch) const { return patchFaces_[patch]; }
  /// After assignPatchFaces: neither shared nor listed.
  bool isDefault(Label block, int face) const {
    return sharedWith_[block][face].block < 0 && patchOf_[block][face] < 0;
  }
  bool hasDefaultFaces() const;

  /// Lattice origin, unit steps and extents of a block face, with its
  /// corners taken in the order `corner[0..3]` (local hex vertices): the
  /// face's lattice points are origin + a u + b v, 0 <= a <= nu, 0 <= b <= nv.
  struct FaceFrame {
    std::array<Label, 3> origin, u, v;
    Label nu, nv;
  };
  FaceFrame frame(Label block, const std::array<int, 4>& corner) const;
  /// The frames of the two sides of a shared block face, corners matched by
  /// vertex label, so that (a, b) is the same point on both sides. InputError
  /// if the two sides have different cell counts.
  std::pair<FaceFrame, FaceFrame> sharedFrames(const std::pair<BlockFaceRef, BlockFaceRef>& pair) const;

  /// The shapes of the block's 12 edges (curved edges from spec().edges, first match wins).
  std::array<HexBlockGeometry::EdgeShape, 12> edgeShapes(Label block) const;
  /// The block's 8 corners (unscaled).
  std::array<Vec3, 8> corners(Label block) const;

  /// How the boundary faces are laid out, after assignPatchFaces: the listed
  /// patches in order, each block face's lattice faces after the previous
  /// one's; the default faces (in cell order, each cell's in hex face order)
  /// after the faces of the listed patch with the default patch's name, or
  /// else in a patch of their own, last (none when there are no default faces).
  struct PatchLayout {
    std::vector<Patch> patches;  ///< with global start (after the internal faces) and size
    std::vector<std::vector<GlobalLabel>>
        entryOffset;                ///< per listed patch, per block face: first face's index in the patch
    Label defaultPatch = -1;        ///< the patch taking the default faces, -1 if none
    GlobalLabel defaultOffset = 0;  ///< index of the first default face in that patch
  };
  PatchLayout patchLayout(GlobalLabel nInternalFaces) const;

  Label label(Label block, int localVertex) const { return spec_.blocks[block].vertices[localVertex]; }
  Quad faceLabels(Label block, int face) const;
  static Quad sortedQuad(Quad q);
  static std::string quadText(const Quad& q);
  [[noreturn]] void fail(const std::string& message) const;
  /// The error for two blocks whose lattice points `a` (of pair.first) and
  /// `b` (of pair.second) on their shared face are too far apart.
  [[noreturn]] void failMismatch(const std::pair<BlockFaceRef, BlockFaceRef>& pair, const Vec3& a, const Vec3& b) const;
  [[noreturn]] void fail(const SourcePos& pos, const std::string& message) const;

 private:
  struct MeshCounts;
  void checkCounts(std::size_t b, MeshCounts& totals) const;
  void checkLimit(const SourcePos& pos, const std::string& what, const MeshCounts& counts) const;
  void checkGradingSections(std::size_t b) const;
  void checkBlocks() const;
  void findSharedFaces();

  const BlockMeshSpec& spec_;
  std::vector<GlobalLabel> cellOffsets_;
  std::vector<std::array<BlockFaceRef, 6>> sharedWith_;       // partner of each block face, block -1 if none
  std::vector<std::pair<BlockFaceRef, BlockFaceRef>> pairs_;  // shared block faces, lower block first
  std::vector<std::array<Label, 6>> patchOf_;                 // patch of each block face, -1 if none
  std::vector<std::vector<BlockFaceRef>> patchFaces_;         // block faces of each patch, in listed order
};

}  // namespace sluice::mesh
