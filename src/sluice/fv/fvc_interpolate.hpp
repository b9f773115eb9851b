#pragma once
// Explicit face interpolation: linear interpolation of cell values to every
// face, and the face flux of a vector field.
//
//   field::SurfaceVectorField Uf = fvc::interpolate(U);   // internal and coupled: w U_P + (1 - w) U_N
//   field::SurfaceScalarField phi = fvc::flux(U);         // interpolate(U) . Sf
//
// Face values: internal faces and coupled (processor, cyclic) faces
// w * v_P + (1 - w) * v_N with the geometric weight w and the neighbour or
// ghost cell N; faces of Regular patches take the field's boundary values
// (evaluated boundary conditions); faces of empty patches are zero. The
// field's ghost cells and boundary values must be current
// (VolField::correctBoundaryConditions after changing cell values).
#include <span>
#include <vector>

#include "sluice/field/fv_mesh.hpp"
#include "sluice/field/surface_field.hpp"
#include "sluice/field/vol_field.hpp"
#include "sluice/fv/fv_schemes.hpp"
#include "sluice/fv/value_ops.hpp"

namespace sluice::fv {

/// The linear face value of one face at a time, nothing stored: what
/// interpolateLinear stores per face, for loops that use each face's value
/// once (linearFlux, the Laplacian's diffusivity). `cells` has nLocalCells
/// entries (ghosts current), `boundary` one entry per boundary face.
///
///   const LinearFaceValues<Scalar> gammaf(mesh, gamma.values(), gamma.boundaryValues());
///   Scalar g = gammaf.internal(f);   // f < nInternalFaces: w g_P + (1 - w) g_N
///   Scalar h = gammaf.at(f);         // any face before the empty ones
template <class T>
class LinearFaceValues {
 public:
  LinearFaceValues(const field::FvMesh& mesh, std::span<const T> cells, std::span<const T> boundary)
      : mesh_(mesh), cells_(cells), boundary_(boundary), weights_(mesh.geometry().weights),
        owner_(mesh.poly().owner()), neighbour_(mesh.poly().neighbour()), nInternal_(mesh.nInternalFaces()) {}

  T internal(Label f) const { return towards(f, neighbour_[f]); }
  /// Coupled (processor, cyclic) faces interpolate to the ghost; Regular
  /// patches' faces take the boundary value.
  T at(Label f) const {
    if (f < nInternal_) return internal(f);
    const Label ghost = mesh_.faceGhost(f);
    return ghost >= 0 ? towards(f, ghost) : boundary_[f - nInternal_];
  }

 private:
  T towards(Label f, Label far) const { return lerp(weights_[f], cells_[owner_[f]], cells_[far]); }

  const field::FvMesh& mesh_;
  std::span<const T> cells_, boundary_;
  std::span<const Scalar> weights_;
  std::span<const Label> owner_, neighbour_;
  Label nInternal_;
};

/// Linear face values from raw arrays (as LinearFaceValues), one per face;
/// zero on empty faces.
template <class T>
std::vector<T> interpolateLinear(const field::FvMesh& mesh, std::span<const T> cells, std::span<const T> boundary);

/// interpolateLinear(cells, boundary)[f] . Sf per face, computed face by face
/// (the face vectors are never stored: 3 doubles per face less at the peak),
/// bit for bit the same; zero on empty faces.
std::vector<Scalar> linearFlux(const field::FvMesh& mesh, std::span<const Vec3> cells, std::span<const Vec3> boundary);
/// The same written into `flux` (nFaces() values), e.g. storage a field lends.
void linearFlux(const field::FvMesh& mesh, std::span<const Vec3> cells, std::span<const Vec3> boundary,
                std::span<Scalar> flux);

namespace fvc {

/// Named "interpolate(name)"; `linear` is the only interpolation scheme.
template <field::FieldValueType T>
field::SurfaceField<T> interpolate(const field::VolField<T>& vf,
                                   const InterpolationScheme& scheme = InterpolationScheme{});

/// Face flux interpolate(U) . Sf (zero on empty faces), named "flux(U)".
field::SurfaceScalarField flux(const field::VolVectorField& U);

/// Cell vectors from face fluxes (OpenFOAM's reconstruct):
/// inv(sum_f Sf Sf / |Sf|) . sum_f Sf phi_f / |Sf| over each cell's
/// non-empty faces (the empty direction of a 2D mesh gets zero), exact for a
/// uniform field's fluxes. Named "reconstruct(phi)"; boundary values from
/// the owner cells; ghosts exchanged (collective). A solver that
/// reconstructs every step keeps a FluxReconstruction instead, whose mesh
/// part is computed once.
field::VolVectorField reconstruct(const field::SurfaceScalarField& phi);

}  // namespace fvc
}  // namespace sluice::fv
