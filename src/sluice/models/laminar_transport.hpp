#pragma once
// Laminar momentum transport of incompressible solvers (pimpleFoam's
// laminar `turbulence` model), from constant/turbulenceProperties:
//   simulationType laminar;                      (the file may be absent: laminar)
//   laminar { laminarModel Stokes; }             (no laminar dictionary: Stokes)
// Stokes (Newtonian viscous stress, also accepted by its later name
// Newtonian) is the only model; RAS, LES, Maxwell and the rest are input
// errors naming the file and entry, never a Newtonian stand-in.
//
// The stress term of the momentum equation is OpenFOAM's divDevReff:
//   - fvc::div(nuEff dev2(T(grad(U)))) - fvm::laplacian(nuEff, U)
// with nuEff = nu, schemes "div((nuEff*dev2(T(grad(U)))))", "laplacian(nuEff,U)", "grad(U)".
//
// VoF solvers (interFoam) use the density-weighted form divDevRhoReff with a
// varying coefficient rhoNuEff = rho nuEff (the mixture's), schemes
// "div(((rho*nuEff)*dev2(T(grad(U)))))" and "laplacian((rho*nuEff),U)".
//
//   LaminarTransport transport = LaminarTransport::read(caseDir, nu);
//   transport.checkSchemes(schemes);                         // start-up: missing entries reported early
//   fv::FvMatrix<Vec3> UEqn = fvm::ddt(...) + fvm::div(...) + transport.divDevReff(U, schemes);
#include <filesystem>

#include "sluice/core/types.hpp"
#include "sluice/field/vol_field.hpp"
#include "sluice/fv/fv_matrix.hpp"
#include "sluice/fv/fv_schemes.hpp"

namespace sluice::models {

class LaminarTransport {
 public:
  /// Local; every rank reads the file.
  static LaminarTransport read(const std::filesystem::path& caseDir, Scalar nu);

  Scalar nuEff() const { return nu_; }
  /// Looks up the schemes divDevReff uses (InputError naming a missing entry).
  void checkSchemes(const fv::FvSchemes& schemes) const;
  /// The viscous stress term (see the file comment). Collective (gradient ghosts).
  fv::FvMatrix<Vec3> divDevReff(const field::VolVectorField& U, const fv::FvSchemes& schemes) const;

  /// As checkSchemes, for divDevRhoReff.
  static void checkRhoSchemes(const fv::FvSchemes& schemes);
  /// - fvc::div(rhoNuEff dev2(T(grad(U)))) - fvm::laplacian(rhoNuEff, U), with
  /// the coefficient's cell and boundary values (its name must be
  /// "(rho*nuEff)"). Collective.
  static fv::FvMatrix<Vec3> divDevRhoReff(const field::VolScalarField& rhoNuEff, const field::VolVectorField& U,
                                          const fv::FvSchemes& schemes);

 private:
  explicit LaminarTransport(Scalar nu) : nu_(nu) {}
  Scalar nu_;
};

}  // namespace sluice::models
