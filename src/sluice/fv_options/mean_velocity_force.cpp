#include "sluice/fv_options/mean_velocity_force.hpp"

#include <array>
#include <filesystem>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/fv_options/fv_options.hpp"

namespace sluice::fv_options {

namespace {

const std::string kType = "meanVelocityForce";

std::vector<std::string> velocityField(const FvOptionInput& in) {
  if (!in.coeffs.found("fields")) in.coeffs.fail("missing 'fields' (the velocity field, e.g. fields (U);)");
  std::vector<std::string> fields = in.coeffs.get<std::vector<std::string>>("fields");
  if (fields.size() != 1)
    in.coeffs.fail(fmt::format("fields must name exactly one velocity field, found {}", fields.size()));
  return fields;
}

}  // namespace

MeanVelocityForce::MeanVelocityForce(const FvOptionInput& in) : FvOption(in, velocityField(in)), log_(in.log) {
  Ubar_ = in.coeffs.get<Vec3>("Ubar");
  if (!(mag(Ubar_) > 0)) in.coeffs.fail("Ubar must be a non-zero velocity");
  flowDir_ = Ubar_ / mag(Ubar_);
  relaxation_ = in.coeffs.getOr<Scalar>("relaxation", 1.0);
  const std::filesystem::path props = in.caseDir / in.startTimeName / "uniform" / (name() + "Properties");
  if (std::filesystem::exists(props)) {
    const io::Dictionary d =
        io::Dictionary::readFile(props, in.startTimeName + "/uniform/" + name() + "Properties");
    gradP0_ = d.get<Scalar>("gradient");
  }
}

const std::string& MeanVelocityForce::type() const { return kType; }

void MeanVelocityForce::restoreState(const std::map<std::string, Scalar>& state) {
  const auto gradP0 = state.find("gradP0"), dGradP = state.find("dGradP");
  if (gradP0 == state.end() || dGradP == state.end())
    throw InputError(fmt::format("meanVelocityForce '{}': the restart snapshot has no pressure gradient for it",
                                 name()));
  gradP0_ = gradP0->second;
  dGradP_ = dGradP->second;
}

void MeanVelocityForce::addSup(fv::FvMatrix<Vec3>& eqn) {
  if (!appliesTo(eqn.psi().name())) return;
  std::vector<Vec3> su(eqn.mesh().nCells(), Vec3{});
  const Vec3 force = flowDir_ * (gradP0_ + dGradP_);
  for (Label c : selection().cells) su[c] = force;
  eqn += su;
}

void MeanVelocityForce::constrain(fv::FvMatrix<Vec3>& eqn) {
  if (!appliesTo(eqn.psi().name())) return;
  // 1/A per owned cell, A = D/V as FvMatrix::A() forms it (no field, no ghost exchange).
  const std::vector<Scalar> D = eqn.D();
  const auto volumes = eqn.mesh().cellVolumes();
  rA_.resize(D.size());
  for (std::size_t c = 0; c < D.size(); ++c) rA_[c] = 1 / (D[c] / volumes[c]);
  gradP0_ += dGradP_;
  dGradP_ = 0;
}

void MeanVelocityForce::correct(field::VolVectorField& U) {
  if (!appliesTo(U.name())) return;
  if (rA_.empty()) throw Error(fmt::format("meanVelocityForce '{}': correct before constrain", name()));
  const auto volumes = U.mesh().cellVolumes();
  // The volume averages of 1/A and of U . flowDir over the selection, reduced together.
  std::array<Scalar, 2> sums{0, 0};
  for (Label c : selection().cells) {
    sums[0] += rA_[c] * volumes[c];
    sums[1] += dot(flowDir_, U[c]) * volumes[c];
  }
  U.mesh().comm().sumInPlace(std::span<Scalar>(sums));
  const Scalar rAUave = sums[0] / selection().volume;
  const Scalar magUbarAve = sums[1] / selection().volume;
  dGradP_ = relaxation_ * (mag(Ubar_) - magUbarAve) / rAUave;
  for (Label c : selection().cells) U[c] += flowDir_ * rA_[c] * dGradP_;
  U.correctBoundaryConditions();
  if (log_)
    log_(fmt::format("Pressure gradient source: uncorrected Ubar = {:.6g}, pressure gradient = {:.6g}", magUbarAve,
                     gradient()));
}

void registerMeanVelocityForce(FvOptionRegistry& registry) {
  registry.add(kType,
               [](const FvOptionInput& in) -> std::unique_ptr<FvOption> { return std::make_unique<MeanVelocityForce>(in); });
}

}  // namespace sluice::fv_options
