#include "sluice/solvers/relaxation_factors.hpp"

#include <fmt/format.h>

#include "sluice/core/error.hpp"

namespace sluice::solvers {

namespace {
constexpr Scalar kSmall = 1e-15;  // OpenFOAM's SMALL
}  // namespace

RelaxationFactors RelaxationFactors::read(const io::Dictionary& fvSolution) {
  RelaxationFactors r;
  const io::Dictionary* dict = fvSolution.findSubDict("relaxationFactors");
  if (!dict) return r;
  if (dict->found("fields") || dict->found("equations")) {
    if (const io::Dictionary* f = dict->findSubDict("fields")) r.fields_ = *f;
    if (const io::Dictionary* e = dict->findSubDict("equations")) r.equations_ = *e;
  } else {
    r.equations_ = *dict;
    r.fields_ = io::Dictionary::parse("", dict->fileName());
    for (const io::Entry& e : dict->entries())
      if (e.keyword().rfind("p", 0) == 0 || e.keyword().rfind("rho", 0) == 0) r.fields_.set(e);
  }
  for (const io::Dictionary* d : {&r.fields_, &r.equations_})
    if (d->found("default")) (void)d->get<Scalar>("default");  // a non-number is an error now, not later
  return r;
}

std::optional<Scalar> RelaxationFactors::factor(const io::Dictionary& dict, const std::string& name) {
  if (const io::Entry* e = dict.findEntry(name); e && e->keyword() != "default") return dict.get<Scalar>(name);
  if (!dict.found("default")) return std::nullopt;
  const Scalar fallback = dict.get<Scalar>("default");
  if (fallback > kSmall) return fallback;
  throw InputError(fmt::format("{}: no relaxation factor for '{}' and 'default' is {} (OpenFOAM stops here too: give "
                               "'{}' a factor or a positive default)",
                               dict.context(), name, fallback, name));
}

std::optional<Scalar> RelaxationFactors::equation(const std::string& field, bool finalIteration) const {
  return factor(equations_, finalIteration ? field + "Final" : field);
}

std::optional<Scalar> RelaxationFactors::field(const std::string& field, bool finalIteration) const {
  return factor(fields_, finalIteration ? field + "Final" : field);
}

}  // namespace sluice::solvers
