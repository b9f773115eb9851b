#pragma once
// Cell gradients: Gauss linear (sum of linearly interpolated face values
// times area vectors over the volume), least squares (inverse-distance-squared
// weighted fit to the neighbour cells and boundary face values; exact for
// linear fields on any mesh) and cellLimited (either, scaled per cell (and
// per component for vectors) so that extrapolating to the cell's face centres
// stays within the range of the cell and its neighbours; limitCoeff k < 1
// widens that range by (1/k - 1) times its width).
//
//   field::VolVectorField gp = fvc::grad(p, schemes.grad("grad(p)"));  // ghosts and boundary values set
//   std::vector<Tensor> gU = fvc::grad(U, schemes.grad("grad(U)"));     // nLocalCells, ghosts set
//   std::vector<Vec3> g = gradient<Scalar>(mesh, cells, boundaryValues, scheme);   // raw arrays
//
// Inputs: cell values with current ghosts and boundary face values (the
// field's evaluated conditions). Boundary faces of empty patches are skipped;
// coupled faces use the ghost cell like an internal face. Least squares: in
// a direction with no neighbour offsets (the empty direction of a 2D mesh)
// the gradient is zero. Collective (the result's ghosts are exchanged).
#include <span>
#include <vector>

#include "sluice/field/fv_mesh.hpp"
#include "sluice/field/vol_field.hpp"
#include "sluice/fv/fv_schemes.hpp"
#include "sluice/fv/tensor.hpp"
#include "sluice/fv/value_ops.hpp"

namespace sluice::fv {

/// Gradient per local cell (nLocalCells entries, ghosts exchanged).
template <class T>
std::vector<GradType<T>> gradient(const field::FvMesh& mesh, std::span<const T> cells, std::span<const T> boundary,
                                  const GradScheme& scheme);

namespace fvc {

/// grad(p) as a field named "grad(p)": boundary values are the owner cell's
/// gradient with its normal component replaced by the boundary condition's
/// normal gradient (Regular patches); coupled faces interpolated.
field::VolVectorField grad(const field::VolScalarField& vf, const GradScheme& scheme = GradScheme{});

/// grad(U) per local cell (ghosts exchanged); (grad U)(i, j) = dU_j/dx_i.
std::vector<Tensor> grad(const field::VolVectorField& vf, const GradScheme& scheme = GradScheme{});

/// With the scheme "grad(<v>)" from `schemes`.
field::VolVectorField grad(const field::VolScalarField& vf, const FvSchemes& schemes);
std::vector<Tensor> grad(const field::VolVectorField& vf, const FvSchemes& schemes);

}  // namespace fvc
}  // namespace sluice::fv
