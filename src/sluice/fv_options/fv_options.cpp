#include "sluice/fv_options/fv_options.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "sluice/core/error.hpp"
#include "sluice/fv_options/mean_velocity_force.hpp"
#include "sluice/fv_options/semi_implicit_source.hpp"

namespace sluice::fv_options {

namespace fs = std::filesystem;

FvOptionRegistry FvOptionRegistry::standard() {
  FvOptionRegistry r;
  registerSemiImplicitSources(r);
  registerMeanVelocityForce(r);
  return r;
}

void FvOptionRegistry::add(std::string type, Factory factory) { factories_[std::move(type)] = std::move(factory); }

std::vector<std::string> FvOptionRegistry::types() const {
  std::vector<std::string> out;
  for (const auto& [type, f] : factories_) out.push_back(type);
  return out;
}

std::unique_ptr<FvOption> FvOptionRegistry::create(const FvOptionInput& in) const {
  if (!in.dict.found("type")) in.dict.fail("missing 'type'");
  return factories_.at(in.dict.getSupported("type", types()))(in);
}

FvOptions FvOptions::read(const fs::path& caseDir, const field::FvMesh& mesh, const std::string& startTimeName,
                          const WarnFn& warn, LogFn log, const FvOptionRegistry& registry) {
  FvOptions out;
  const bool inConstant = fs::exists(caseDir / "constant/fvOptions");
  const bool inSystem = fs::exists(caseDir / "system/fvOptions");
  if (!inConstant && !inSystem) return out;
  out.file_ = inConstant ? "constant/fvOptions" : "system/fvOptions";
  if (inConstant && inSystem && warn)
    warn("system/fvOptions is not read because constant/fvOptions exists (as OpenFOAM v1912 does)");
  const io::Dictionary file = io::Dictionary::readFile(caseDir / out.file_, out.file_);
  const io::Dictionary& options = file.findSubDict("options") ? file.subDict("options") : file;
  for (const std::string& name : options.keys()) {
    if (&options == &file && name == "FoamFile") continue;
    if (!options.isDict(name))
      throw InputError(fmt::format("{}: '{}' is not an option dictionary (name {{ type ...; }})", options.context(),
                                   name));
    const io::Dictionary& dict = options.subDict(name);
    const std::string type = dict.getOr<std::string>("type", "");
    const io::Dictionary* coeffs = dict.findSubDict(type + "Coeffs");
    const FvOptionInput in{name, dict, coeffs ? *coeffs : dict, mesh, caseDir, startTimeName, log};
    out.options_.push_back(registry.create(in));
  }
  return out;
}

void FvOptions::checkFields(const std::vector<std::string>& solved, const std::string& application) const {
  for (const auto& option : options_)
    for (const std::string& field : option->fields())
      if (std::find(solved.begin(), solved.end(), field) == solved.end())
        throw InputError(fmt::format("{}: {}: field '{}' is not solved by {} (it solves: {}); the option would have "
                                     "no effect",
                                     file_, option->name(), field, application, fmt::join(solved, ", ")));
}

template <field::FieldValueType T>
fv::FvMatrix<T> FvOptions::source(const field::VolField<T>& psi, Scalar time) {
  fv::FvMatrix<T> m(psi);
  for (const auto& option : options_)
    if (option->appliesTo(psi.name()) && option->isActive(time)) option->addSup(m);
  return m;
}

void FvOptions::constrain(fv::FvMatrix<Vec3>& eqn, Scalar time) {
  for (const auto& option : options_)
    if (option->appliesTo(eqn.psi().name()) && option->isActive(time)) option->constrain(eqn);
}

void FvOptions::correct(field::VolVectorField& U, Scalar time) {
  for (const auto& option : options_)
    if (option->appliesTo(U.name()) && option->isActive(time)) option->correct(U);
}

std::map<std::string, Scalar> FvOptions::state() const {
  std::map<std::string, Scalar> all;
  for (const auto& option : options_)
    for (const auto& [key, value] : option->state()) all[option->name() + "." + key] = value;
  return all;
}

void FvOptions::restoreState(const std::map<std::string, Scalar>& state) {
  for (const auto& option : options_) {
    std::map<std::string, Scalar> own;
    const std::string prefix = option->name() + ".";
    for (const auto& [key, value] : state)
      if (key.rfind(prefix, 0) == 0) own[key.substr(prefix.size())] = value;
    option->restoreState(own);
  }
}

template fv::FvMatrix<Scalar> FvOptions::source(const field::VolField<Scalar>&, Scalar);
template fv::FvMatrix<Vec3> FvOptions::source(const field::VolField<Vec3>&, Scalar);

}  // namespace sluice::fv_options
