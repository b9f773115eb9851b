#pragma once
// scalarSemiImplicitSource / vectorSemiImplicitSource: a source Su + Sp psi
// per unit volume in the equations of the listed fields, over the selected
// cells; Sp is implicit where positive and explicit where negative
// (OpenFOAM's SuSp):
//
//   volumeMode        specific;          // per unit volume; `absolute`: the totals over the selection
//   injectionRateSuSp { U ((5 0 0) 0); } // field (Su Sp)
//
// `absolute` rates are divided by the selection's total volume. The fields
// are the entries of injectionRateSuSp.
#include <memory>
#include <string>
#include <vector>

#include "sluice/fv_options/fv_option.hpp"

namespace sluice::fv_options {

template <field::FieldValueType T>
class SemiImplicitSource : public FvOption {
 public:
  /// Collective (see FvOption).
  explicit SemiImplicitSource(const FvOptionInput& in);
  const std::string& type() const override;
  using FvOption::addSup;
  void addSup(fv::FvMatrix<T>& eqn) override;

 private:
  struct Rate {
    T su{};
    Scalar sp = 0;
  };
  std::vector<Rate> rates_;  ///< per field, already divided by the volume for `absolute`
};

class FvOptionRegistry;
/// Registers scalarSemiImplicitSource and vectorSemiImplicitSource.
void registerSemiImplicitSources(FvOptionRegistry& registry);

extern template class SemiImplicitSource<Scalar>;
extern template class SemiImplicitSource<Vec3>;

}  // namespace sluice::fv_options
