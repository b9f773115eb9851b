#pragma once
// Pressure level of a closed domain: when no pressure boundary fixes the
// value, the pressure equation is singular and one cell's value is fixed, as
// OpenFOAM's pRefCell / pRefPoint with pRefValue.
//
//   PressureReference ref = PressureReference::read(pisoDict, p, "system/fvSolution: PISO");  // collective
//   if (ref.needed()) pEqn.setReference(ref.localCell(), ref.value());  // localCell -1 off its rank
//
// As OpenFOAM's setRefCell: a reference is needed when no pressure patch on
// any rank fixes the value; then pRefCell (preferred) or pRefPoint, and
// pRefValue, must be given. Unlike OpenFOAM, whose pRefCell is a cell of
// the master processor's part, pRefCell is a cell of the whole mesh (its
// index in the case files), so the reference stays where it is at any rank
// count.
#include <string>

#include "sluice/core/types.hpp"
#include "sluice/field/vol_field.hpp"
#include "sluice/io/dictionary.hpp"

namespace sluice::pressure {

class PressureReference {
 public:
  PressureReference() = default;
  /// Collective. pRefCell is a cell index of the case's mesh files;
  /// pRefPoint is located in the nearest cell centre. InputError naming
  /// `context` when a reference is needed but neither is given, pRefValue is
  /// missing, or the cell is out of range.
  static PressureReference read(const io::Dictionary& dict, const field::VolScalarField& p,
                                const std::string& context);

  bool needed() const { return needed_; }
  Label localCell() const { return localCell_; }  ///< owned cell on the owning rank, -1 elsewhere
  Scalar value() const { return value_; }

 private:
  bool needed_ = false;
  Label localCell_ = -1;
  Scalar value_ = 0;
};

}  // namespace sluice::pressure
