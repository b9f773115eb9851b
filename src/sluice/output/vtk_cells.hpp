#pragma once
// VTK cell connectivity of a polyhedral mesh's cells, as VTK's
// UnstructuredGrid stores it: a topological hexahedron (6 quadrilateral faces
// meeting as a hexahedron does) becomes VTK_HEXAHEDRON with its 8 vertices in
// VTK order; any other cell becomes VTK_POLYHEDRON with its faces listed in
// the `faces` / `faceoffsets` arrays (VTK's legacy polyhedron layout, faces
// oriented out of the cell).
//
//   VtkCells cells = vtkCells(mesh);         // all cells of `mesh`, point ids = mesh point indices
//   cells.types[c];                          // vtkHexahedron or vtkPolyhedron
//   cells.connectivity[cells.offsets[c-1] .. cells.offsets[c]]   (offsets are end offsets)
//   if (cells.hasPolyhedra()) write(cells.faces, cells.faceOffsets);
//
//   std::optional<std::array<Label, 8>> hex = hexahedronVertices(mesh, cellFaces[c], c);
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/mesh/poly_mesh.hpp"

namespace sluice::output {

/// VTK cell type codes used here (vtkCellType.h).
inline constexpr std::uint8_t vtkTriangle = 5;
inline constexpr std::uint8_t vtkPolygon = 7;
inline constexpr std::uint8_t vtkQuad = 9;
inline constexpr std::uint8_t vtkHexahedron = 12;
inline constexpr std::uint8_t vtkPolyhedron = 42;

/// VTK type of a polygon with `nVertices` vertices (triangle, quad or polygon).
std::uint8_t vtkPolygonType(std::size_t nVertices);

/// If `cell` (whose faces are `cellFaces`) is a topological hexahedron, its
/// vertices in VTK_HEXAHEDRON order: 0-3 one quadrilateral face ordered so
/// that its right-hand normal points into the cell, 4-7 the opposite face
/// with vertex 4+i joined to vertex i by an edge. Otherwise nullopt.
std::optional<std::array<Label, 8>> hexahedronVertices(const mesh::PolyMesh& mesh, std::span<const Label> cellFaces,
                                                       Label cell);

/// Cell arrays of an UnstructuredGrid piece.
struct VtkCells {
  std::vector<std::int64_t> connectivity;  ///< point ids of every cell, one cell after another
  std::vector<std::int64_t> offsets;       ///< per cell: end of its connectivity
  std::vector<std::uint8_t> types;         ///< per cell: VTK cell type
  std::vector<std::int64_t> faces;         ///< polyhedra: nFaces, then per face nPoints, ids...
  std::vector<std::int64_t> faceOffsets;   ///< per cell: end of its entries in `faces`, -1 if not a polyhedron
  bool hasPolyhedra() const { return !faces.empty(); }
};

/// Connectivity of the first `nCells` cells of `mesh` (all cells by default).
VtkCells vtkCells(const mesh::PolyMesh& mesh, Label nCells = -1);

}  // namespace sluice::output
