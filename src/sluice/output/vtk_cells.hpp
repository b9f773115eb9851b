#pragma once
// VTK cell connectivity of a polyhedral mesh's cells, as VTK's
// UnstructuredGrid stores it: a topological hexahedron, wedge (triangular
// prism), pyramid or tetrahedron (faces meeting as in that shape) becomes
// VTK_HEXAHEDRON, VTK_WEDGE, VTK_PYRAMID or VTK_TETRA with its vertices in
// VTK order; any other cell becomes VTK_POLYHEDRON with its faces listed in
// the `faces` / `faceoffsets` arrays (VTK's legacy polyhedron layout, faces
// oriented out of the cell). Native cells matter to readers: ParaView places
// a polyhedron's centre and interpolates in it differently from the shape.
// Works on any rank's local mesh (point ids are local mesh point indices).
//
//   VtkCells cells = vtkCells(mesh);         // all cells of `mesh`, point ids = mesh point indices
//   cells.types[c];                          // vtkHexahedron, vtkWedge, vtkPyramid, vtkTetra or vtkPolyhedron
//   cells.connectivity[cells.offsets[c-1] .. cells.offsets[c]]   (offsets are end offsets)
//   if (cells.hasPolyhedra()) write(cells.faces, cells.faceOffsets);
//
//   std::optional<NativeCell> native = nativeCell(mesh, cellFaces[c], c);
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
inline constexpr std::uint8_t vtkTetra = 10;
inline constexpr std::uint8_t vtkHexahedron = 12;
inline constexpr std::uint8_t vtkWedge = 13;
inline constexpr std::uint8_t vtkPyramid = 14;
inline constexpr std::uint8_t vtkPolyhedron = 42;

/// VTK type of a polygon with `nVertices` vertices (triangle, quad or polygon).
std::uint8_t vtkPolygonType(std::size_t nVertices);

/// A cell VTK has a linear type for, with its vertices in VTK order.
struct NativeCell {
  std::uint8_t type = 0;             ///< vtkTetra, vtkPyramid, vtkWedge or vtkHexahedron
  int nVertices = 0;                 ///< 4, 5, 6 or 8
  std::array<Label, 8> vertices{};   ///< the first nVertices are used
};

/// If `cell` (whose faces are `cellFaces`) is topologically a tetrahedron,
/// pyramid, wedge or hexahedron, its VTK type and vertices in VTK order:
/// tetrahedron 0-2 and pyramid 0-3 a base whose right-hand normal points into
/// the cell, then the apex; wedge 0-2 a triangle whose right-hand normal points
/// out of the cell (away from 3-5), 3+i joined to i by an edge; hexahedron as
/// hexahedronVertices. Otherwise nullopt.
std::optional<NativeCell> nativeCell(const mesh::PolyMesh& mesh, std::span<const Label> cellFaces, Label cell);

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

/// One cell's entries of the VtkCells arrays (what vtkCells appends for it).
struct VtkCellEntries {
  std::uint8_t type = 0;
  std::vector<Label> points;         ///< its connectivity
  std::vector<std::int64_t> faces;   ///< polyhedron: nFaces, then per face nPoints, ids...; otherwise empty
};

/// Fills `out` (reusing its storage) with cell `cell`'s entries, `cellFaces`
/// its faces. `knownType`: the cell's type if already known (vtkCells'
/// types[cell]), which spares the shape test for a polyhedron; 0 if not.
void vtkCellEntries(const mesh::PolyMesh& mesh, std::span<const Label> cellFaces, Label cell, VtkCellEntries& out,
                    std::uint8_t knownType = 0);

/// Number of connectivity entries (points) of a cell of linear type `type`
/// (vtkTetra, vtkPyramid, vtkWedge or vtkHexahedron); 0 for other types.
int vtkLinearCellPoints(std::uint8_t type);

}  // namespace sluice::output
