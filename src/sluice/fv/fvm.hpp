#pragma once
// Implicit finite-volume operators (namespace sluice::fv::fvm): each returns
// an FvMatrix of the field; combine them with +, -, ==.
//
//   FvMatrix<Vec3> UEqn = fvm::ddt(U, ddt, time) + fvm::div(phi, U, schemes) - fvm::laplacian(nu, U, lap);
//   fvm::Sp(coeff, T), fvm::Su(source, T)
#include "sluice/fv/fv_matrix.hpp"
#include "sluice/fv/fvm_ddt.hpp"
#include "sluice/fv/fvm_div.hpp"
#include "sluice/fv/fvm_laplacian.hpp"
#include "sluice/fv/fvm_sources.hpp"
