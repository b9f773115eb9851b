#pragma once
// The internal mesh's arrays of a VTK piece (points, and vtk_cells.hpp's
// connectivity, offsets, types[, faces, faceoffsets]) as streamed VtkArrays:
// writeVtu makes their bytes from the mesh a bounded chunk at a time, so a
// write never holds the mesh's VTK arrays whole (they are the largest part of
// a write: about 100 bytes per hexahedron), and the cells' face lists they
// are made from are made for a range of cells at a time (at most 1/16 of
// the cells). The bytes are those of
// vtkCells(mesh) written as whole arrays, index arrays as Int32 when they fit.
//
//   const VtkMeshArrays arrays(mesh);   // once (one pass over the cells): types and array sizes
//   VtuPiece piece;                     // per write, on any thread (reads the mesh only):
//   piece.points = arrays.points();
//   piece.cells = arrays.cells();       // each array walks the cells a range at a time
//   writeVtu(file, piece);
//
// The mesh must outlive the arrays made, unchanged (the mesh of a run does).
#include <cstdint>
#include <memory>
#include <vector>

#include "sluice/mesh/poly_mesh.hpp"
#include "sluice/output/vtk_xml.hpp"

namespace sluice::output {

class VtkMeshArrays {
 public:
  explicit VtkMeshArrays(const mesh::PolyMesh& mesh);

  /// "Points": the mesh's points (Float64, 3 components), not copied.
  std::shared_ptr<const VtkArray> points() const;
  /// connectivity, offsets, types, and faces, faceoffsets if any cell is a polyhedron.
  std::vector<std::shared_ptr<const VtkArray>> cells() const;

  /// Index arrays are Int32 (every entry count below 2^31), else Int64.
  bool narrow() const { return narrow_; }

 private:
  const mesh::PolyMesh& mesh_;
  /// Per cell, held (1 byte per cell): it tells which cells need the shape test.
  std::shared_ptr<const VtkArray> types_;
  std::uint64_t nConnectivity_ = 0;        ///< connectivity entries
  std::uint64_t nFaceEntries_ = 0;         ///< `faces` entries (0: no polyhedra)
  bool narrow_ = true;
};

}  // namespace sluice::output
