#pragma once
// One finite-volume option (OpenFOAM's fvOptions): a source or constraint
// on the equations of named fields, in a set of cells, during a time window.
// The dictionary of an option in constant/fvOptions:
//
//   momentumSource
//   {
//       type            vectorSemiImplicitSource;
//       active          yes;                    // optional
//       timeStart       0;  duration 1000;      // optional (duration required with timeStart)
//       selectionMode   all;                    // or: cellZone; cellZone heater;
//       ...                                     // the type's coefficients, flat or in <type>Coeffs { }
//   }
//
// Subclasses (one per file, registered by type name in FvOptionRegistry)
// override what they act through: addSup (a source added to the field's
// equation), constrain (the assembled momentum equation), correct (the
// velocity after it is updated). Construction is collective (the selected
// volume is summed over ranks); so are constrain and correct where they
// reduce.
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "sluice/field/fv_mesh.hpp"
#include "sluice/field/vol_field.hpp"
#include "sluice/fv/fv_matrix.hpp"
#include "sluice/io/dictionary.hpp"

namespace sluice::fv_options {

/// Receives the per-step lines an option prints (rank 0 only; may be empty).
using LogFn = std::function<void(const std::string&)>;

/// What an option's factory reads from.
struct FvOptionInput {
  std::string name;              ///< the option's keyword
  const io::Dictionary& dict;    ///< its dictionary
  const io::Dictionary& coeffs;  ///< <type>Coeffs if present, else dict
  const field::FvMesh& mesh;
  std::filesystem::path caseDir;
  std::string startTimeName;     ///< the time directory the run starts from
  LogFn log;

  /// "constant/fvOptions: momentumSource" for messages.
  std::string where() const;
};

/// The owned cells an option acts on and their total volume over all ranks.
struct CellSelection {
  std::vector<Label> cells;  ///< local owned cells, ascending
  Scalar volume = 0;         ///< over all ranks
};

class FvOption {
 public:
  /// Collective. Reads active, timeStart/duration and the cell selection.
  FvOption(const FvOptionInput& in, std::vector<std::string> fields);
  virtual ~FvOption() = default;
  FvOption(const FvOption&) = delete;
  FvOption& operator=(const FvOption&) = delete;

  const std::string& name() const { return name_; }
  virtual const std::string& type() const = 0;
  /// The fields whose equations the option acts on.
  const std::vector<std::string>& fields() const { return fields_; }
  bool appliesTo(const std::string& field) const;
  /// `active` and, with timeStart, timeStart <= time <= timeStart + duration.
  bool isActive(Scalar time) const;

  /// Adds the option's source for the equation's field to `eqn` (the
  /// options' matrix, which the solver puts on the right of ==).
  virtual void addSup(fv::FvMatrix<Scalar>& /*eqn*/) {}
  virtual void addSup(fv::FvMatrix<Vec3>& /*eqn*/) {}
  /// Acts on the assembled (relaxed) momentum equation.
  virtual void constrain(fv::FvMatrix<Vec3>& /*eqn*/) {}
  /// Acts on the velocity after the momentum predictor and each pressure corrector.
  virtual void correct(field::VolVectorField& /*U*/) {}

  /// What the option keeps from one step to the next (the same on every
  /// rank), by name, for restart snapshots; and setting it back.
  virtual std::map<std::string, Scalar> state() const { return {}; }
  virtual void restoreState(const std::map<std::string, Scalar>& /*state*/) {}

 protected:
  const CellSelection& selection() const { return selection_; }

 private:
  std::string name_;
  std::vector<std::string> fields_;
  bool active_ = true;
  Scalar timeStart_ = -1;
  Scalar duration_ = 0;
  CellSelection selection_;
};

}  // namespace sluice::fv_options
