#pragma once
// The finite-volume options of a run (OpenFOAM's fvOptions), read as
// OpenFOAM v1912 does: constant/fvOptions, or system/fvOptions when there is
// no constant/fvOptions (when both exist the system one is not read, and a
// warning says so). Every dictionary in the file (or in its `options`
// sub-dictionary) is one option, created by type name from an
// FvOptionRegistry; a type sluice does not have is an input error naming
// the file, line and type, never skipped.
//
//   FvOptions options = FvOptions::read(caseDir, mesh, "0", warn, log);   // collective
//   options.checkFields({"U"}, "pimpleFoam");              // an option for another field is an error
//   fv::FvMatrix<Vec3> UEqn = ... == options.source(U, t); // fvOptions(U)
//   options.constrain(UEqn, t);  ... options.correct(U, t);
//
// Options act only while active (FvOption::isActive at the time being
// solved). constrain and correct are collective.
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "sluice/fv_options/fv_option.hpp"

namespace sluice::fv_options {

class FvOptionRegistry {
 public:
  using Factory = std::function<std::unique_ptr<FvOption>(const FvOptionInput&)>;

  /// The built-in types: meanVelocityForce, scalarSemiImplicitSource, vectorSemiImplicitSource.
  static FvOptionRegistry standard();
  void add(std::string type, Factory factory);
  std::vector<std::string> types() const;
  /// The option named by the dictionary's `type` (InputError if unknown).
  std::unique_ptr<FvOption> create(const FvOptionInput& in) const;

 private:
  std::map<std::string, Factory> factories_;
};

class FvOptions {
 public:
  using WarnFn = std::function<void(const std::string&)>;

  FvOptions() = default;
  /// Collective (options sum their selected volume over ranks).
  static FvOptions read(const std::filesystem::path& caseDir, const field::FvMesh& mesh,
                        const std::string& startTimeName, const WarnFn& warn, LogFn log,
                        const FvOptionRegistry& registry = FvOptionRegistry::standard());

  bool empty() const { return options_.empty(); }
  const std::vector<std::unique_ptr<FvOption>>& options() const { return options_; }
  /// The file the options came from ("" without options).
  const std::string& file() const { return file_; }

  /// InputError naming the file and option if an option acts on a field the
  /// application does not solve (it would have no effect).
  void checkFields(const std::vector<std::string>& solved, const std::string& application) const;

  /// The sources of the active options for psi's equation, as a matrix for
  /// the right of == (OpenFOAM's fvOptions(psi)).
  template <field::FieldValueType T>
  fv::FvMatrix<T> source(const field::VolField<T>& psi, Scalar time);
  /// Collective.
  void constrain(fv::FvMatrix<Vec3>& eqn, Scalar time);
  /// Collective.
  void correct(field::VolVectorField& U, Scalar time);

  /// Every option's state() as "<option>.<entry>", and setting it back.
  std::map<std::string, Scalar> state() const;
  void restoreState(const std::map<std::string, Scalar>& state);

 private:
  std::vector<std::unique_ptr<FvOption>> options_;
  std::string file_;
};

}  // namespace sluice::fv_options
