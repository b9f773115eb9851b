#pragma once
// Index arithmetic of the ni x nj x nk cell lattice of one hexahedral block
// (OpenFOAM hex vertex order: 0-3 the bottom face counter-clockwise seen
// from above, 4-7 above them; local x along 0->1, y along 0->3, z along
// 0->4): point and cell numbering (i fastest, then j, then k) and the
// lattice faces, cell by cell, with the vertex order blockMesh gives them.
// No coordinates: the whole-block mesher (HexBlock) and the per-rank share
// mesher both number faces and points with it.
//
//   HexLattice lattice({10, 10, 1});
//   Label p = lattice.pointIndex(3, 4, 0);
//   HexLattice::Quad q = lattice.internalFace(0, i, j, k);     // between (i,j,k) and (i+1,j,k)
//   HexLattice::Quad b = lattice.boundaryFace(HexLattice::zMin, i, j, 0);
//   Label at = lattice.boundaryFacePosition(HexLattice::zMin, i, j, 0);  // index in boundaryFaces(zMin)
#include <array>
#include <vector>

#include "sluice/core/types.hpp"

namespace sluice::mesh {

class HexLattice {
 public:
  using Quad = std::array<Label, 4>;

  /// Block edges in edgeGrading order: 0-3 along x, 4-7 along y, 8-11 along z,
  /// each as (start vertex, end vertex) of the hex.
  static constexpr std::array<std::array<int, 2>, 12> edgeVertices = {
      {{0, 1}, {3, 2}, {7, 6}, {4, 5}, {0, 3}, {1, 2}, {5, 6}, {4, 7}, {0, 4}, {1, 5}, {2, 6}, {3, 7}}};
  /// Block faces (outward normals for a right-handed hex) in OpenFOAM hex order.
  static constexpr std::array<std::array<int, 4>, 6> faceVertices = {
      {{0, 4, 7, 3}, {1, 2, 6, 5}, {0, 1, 5, 4}, {3, 7, 6, 2}, {0, 3, 2, 1}, {4, 5, 6, 7}}};
  enum Face { xMin = 0, xMax = 1, yMin = 2, yMax = 3, zMin = 4, zMax = 5 };

  /// A quadrilateral face of the lattice: points (lattice indices), ordered
  /// so the normal points out of `cell` (local cell index).
  struct LatticeFace {
    Quad points;
    Label cell;
  };

  /// `cells` must be >= 1 in each direction (Error otherwise).
  explicit HexLattice(const std::array<Label, 3>& cells);

  Label ni() const { return n_[0]; }
  Label nj() const { return n_[1]; }
  Label nk() const { return n_[2]; }
  const std::array<Label, 3>& cells() const { return n_; }
  Label nCells() const { return n_[0] * n_[1] * n_[2]; }
  Label nPoints() const { return (n_[0] + 1) * (n_[1] + 1) * (n_[2] + 1); }

  Label pointIndex(Label i, Label j, Label k) const { return i + (n_[0] + 1) * (j + (n_[1] + 1) * k); }
  Label cellIndex(Label i, Label j, Label k) const { return i + n_[0] * (j + n_[1] * k); }
  /// (i, j, k) of a cell index / of a point index.
  std::array<Label, 3> cellCoords(Label cell) const;
  std::array<Label, 3> pointCoords(Label point) const;

  /// Lattice coordinates (i, j, k) of hex vertex v (0..7).
  std::array<Label, 3> vertexCoords(int v) const;

  /// True if cell (i, j, k) has a face on block face `face`.
  bool touches(int face, Label i, Label j, Label k) const;
  /// Number of lattice faces on block face `face`.
  Label boundaryFaceCount(int face) const;
  /// The lattice face of cell (i, j, k) on block face `face` (the cell must
  /// touch it), normal pointing out of the block.
  Quad boundaryFace(int face, Label i, Label j, Label k) const;
  /// Where that face comes in boundaryFaces(face).
  Label boundaryFacePosition(int face, Label i, Label j, Label k) const;
  /// The lattice faces covering block face `face`, in blockMesh's order
  /// (x faces: k outer, j inner; y faces: i outer, k inner; z faces: i outer,
  /// j inner), normals pointing out of the block.
  std::vector<LatticeFace> boundaryFaces(int face) const;

  /// The face between cell (i, j, k) and its neighbour one step up along
  /// direction d (0: x, 1: y, 2: z), normal pointing out of (i, j, k).
  Quad internalFace(int d, Label i, Label j, Label k) const;
  /// Faces between cells of this block: for each cell (i fastest), its
  /// x+, y+ and z+ neighbours inside the block; `cell` is the owner and the
  /// neighbour is returned in `neighbour`.
  void internalFaces(std::vector<LatticeFace>& faces, std::vector<Label>& neighbour) const;

 private:
  std::array<Label, 3> n_;
};

}  // namespace sluice::mesh
