#pragma once
// Term names as fvSchemes lists them (OpenFOAM's spelling).
//
//   schemes.div(divTerm(phi, U));                 // "div(phi,U)"
//   schemes.laplacian(laplacianTerm("nu", U));    // "laplacian(nu,U)"
//   schemes.grad(gradTerm(p));                    // "grad(p)"
#include <string>

#include "sluice/field/surface_field.hpp"
#include "sluice/field/vol_field.hpp"

namespace sluice::fv {

template <class T>
std::string divTerm(const field::SurfaceScalarField& phi, const field::VolField<T>& vf) {
  return "div(" + phi.name() + "," + vf.name() + ")";
}
template <class T>
std::string laplacianTerm(const std::string& gammaName, const field::VolField<T>& vf) {
  return "laplacian(" + gammaName + "," + vf.name() + ")";
}
template <class T>
std::string gradTerm(const field::VolField<T>& vf) {
  return "grad(" + vf.name() + ")";
}
template <class T>
std::string ddtTerm(const field::VolField<T>& vf) {
  return "ddt(" + vf.name() + ")";
}
template <class T>
std::string snGradTerm(const field::VolField<T>& vf) {
  return "snGrad(" + vf.name() + ")";
}
template <class T>
std::string interpolateTerm(const field::VolField<T>& vf) {
  return "interpolate(" + vf.name() + ")";
}

}  // namespace sluice::fv
