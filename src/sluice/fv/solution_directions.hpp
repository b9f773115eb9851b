#pragma once
// Directions a mesh resolves. A 2D case is one cell thick with `empty`
// front and back patches: their normal direction is not solved (the vector
// equation's component there is skipped), as OpenFOAM's solutionD.
//
//   std::array<bool, 3> d = solutionDirections(mesh);   // collective; {true, true, false} for x-y 2D
#include <array>

#include "sluice/field/fv_mesh.hpp"

namespace sluice::fv {

/// Component i is not solved when the empty patches' unit normals (summed
/// component magnitudes over all ranks, normalised) have a component above
/// 1e-6 in direction i. All true without empty faces. Collective.
std::array<bool, 3> solutionDirections(const field::FvMesh& mesh);

}  // namespace sluice::fv
