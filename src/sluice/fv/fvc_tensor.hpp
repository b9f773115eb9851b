#pragma once
// Tensor fields for the explicit part of the viscous stress of
// incompressible solvers (OpenFOAM's divDevReff):
//   - fvc::div(nuEff * dev2(T(grad(U))))   with   - fvm::laplacian(nuEff, U)
//
//   TensorFieldValues g = fvc::gradField(U, schemes.grad("grad(U)"));
//   for (Tensor& t : g.cells) t = nu * dev2(transpose(t));  ... same for g.boundary
//   field::VolVectorField s = fvc::div(mesh, g, "div((nuEff*dev2(T(grad(U)))))");
#include <string>
#include <vector>

#include "sluice/field/fv_mesh.hpp"
#include "sluice/field/vol_field.hpp"
#include "sluice/fv/fv_schemes.hpp"
#include "sluice/fv/tensor.hpp"

namespace sluice::fv {

/// Cell values (nLocalCells, ghosts current) and boundary-face values (one
/// per boundary face) of a tensor field.
struct TensorFieldValues {
  std::vector<Tensor> cells;
  std::vector<Tensor> boundary;
};

namespace fvc {

/// grad(U) with boundary values as OpenFOAM corrects them: on Regular
/// patches the owner cell's gradient with its normal derivative replaced by
/// the condition's, t_b = t_P + n (x) (snGrad(U) - n . t_P); on coupled
/// faces the linear interpolate of the two cells; zero on empty faces.
/// Collective.
TensorFieldValues gradField(const field::VolVectorField& U, const GradScheme& scheme = GradScheme{});

/// Gauss linear divergence sum_f Sf . T_f / V (components sum_i Sf_i T_ij):
/// internal and coupled faces interpolate linearly, Regular faces use the
/// boundary values, empty faces are skipped. Result boundary values are the
/// owner cells'; ghosts exchanged (collective).
field::VolVectorField div(const field::FvMesh& mesh, const TensorFieldValues& t, std::string name);

}  // namespace fvc
}  // namespace sluice::fv
