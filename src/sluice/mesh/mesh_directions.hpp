#pragma once
// The coordinate directions a mesh resolves, as OpenFOAM's polyMesh defines
// them (solutionD / geometricD): a one-cell-thick mesh between empty patches
// does not resolve the direction normal to them, an axisymmetric mesh between
// wedge patches not the direction normal to its centre plane.
//
//   MeshDirections d = meshDirections(mesh, geometry);
//   if (d.nGeometric() == 2 && !d.geometric[2]) ...   // a 2D mesh in x-y
#include <array>

#include "sluice/mesh/mesh_geometry.hpp"
#include "sluice/mesh/poly_mesh.hpp"

namespace sluice::mesh {

struct MeshDirections {
  std::array<bool, 3> solution{true, true, true};   ///< x, y, z not normal to the empty patches
  std::array<bool, 3> geometric{true, true, true};  ///< the same with wedge patches (see meshDirections)

  int nSolution() const { return count(solution); }
  int nGeometric() const { return count(geometric); }

 private:
  static int count(const std::array<bool, 3>& d) { return int(d[0]) + int(d[1]) + int(d[2]); }
};

/// Solution directions: all three unless the mesh has empty patches with
/// faces; then a direction is dropped where the sum over all empty faces of
/// the component magnitudes of their area vectors, normalised, exceeds 1e-6.
/// Geometric directions: the solution directions, unless the mesh has wedge
/// patches with faces; then, as in OpenFOAM, they are set from the wedges
/// alone: each wedge's average unit normal with components below 0.5 zeroed
/// and the others reduced by 0.5 (its centre-plane normal), normalised; their
/// component magnitudes summed, normalised, and a direction dropped above 1e-6.
MeshDirections meshDirections(const PolyMesh& mesh, const MeshGeometry& geometry);

}  // namespace sluice::mesh
