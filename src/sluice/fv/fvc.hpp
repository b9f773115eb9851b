#pragma once
// Explicit finite-volume operators (namespace sluice::fv::fvc): each returns
// a field computed from current values.
//
//   fvc::grad(p, scheme), fvc::div(phi), fvc::div(phi, U, scheme), fvc::interpolate(U),
//   fvc::flux(U), fvc::snGrad(p, scheme), fvc::laplacian(gammaf, T, scheme),
//   fvc::ddt(U, scheme, time), fvc::ddtCorr(U, phi, scheme, time)
#include "sluice/fv/fvc_ddt_corr.hpp"
#include "sluice/fv/fvc_div.hpp"
#include "sluice/fv/fvc_grad.hpp"
#include "sluice/fv/fvc_interpolate.hpp"
#include "sluice/fv/fvc_sn_grad.hpp"
#include "sluice/fv/fvc_tensor.hpp"
#include "sluice/fv/fvm_ddt.hpp"
#include "sluice/fv/fvm_laplacian.hpp"
