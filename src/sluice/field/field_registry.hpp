#pragma once
// The named fields of a run (OpenFOAM's object registry as an idea): volume
// and surface fields with their old-time levels, owned here, outside the
// solver. Solvers, boundary conditions, function objects and writers find
// them by name; a field's address never changes while the registry lives.
//
//   FieldRegistry fields;
//   VolVectorField& U = fields.add(readVolVectorField(caseDir, "U", "0", mesh), {.write = true, .oldTimes = true});
//   fields.add(fv::fvc::flux(U), {.oldTimes = true});          // registered as "flux(U)"; rename first
//   fields.linkBoundaryConditions();                            // inletOutlet finds "phi", totalPressure "U"
//   const VolScalarField& p = fields.get<VolScalarField>("p");  // read anywhere
//   VolScalarField& pw = fields.modify<VolScalarField>("p");    // before changing p's values
//
// Mutation goes through modify() (and storeOldTimes()): each call advances
// the field's version and first tells the observer, so an asynchronous
// writer can fence a field ("wait until the write of p has its copy before
// the first change of p in the next step"). A reference from modify() may
// be kept for the rest of the stage that changes the field; read-only use
// goes through get().
//
// Every rank holds the same fields in the same order (registration is done
// by the same code on every rank); nothing here communicates.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "sluice/core/error.hpp"
#include "sluice/field/surface_field.hpp"
#include "sluice/field/vol_field.hpp"

namespace sluice::field {

/// How the registry treats a field.
struct FieldOptions {
  bool write = false;     ///< part of the solution output (VTK, function objects by name)
  bool oldTimes = false;  ///< keeps old-time levels, stored by storeOldTimes() each step
};

/// Told before a registered field changes (FieldRegistry::modify, storeOldTimes).
class FieldObserver {
 public:
  virtual ~FieldObserver() = default;
  /// `version` is the field's version before the change.
  virtual void beforeModify(const std::string& name, std::uint64_t version) = 0;
};

class FieldRegistry {
 public:
  FieldRegistry() = default;
  FieldRegistry(const FieldRegistry&) = delete;
  FieldRegistry& operator=(const FieldRegistry&) = delete;

  /// Takes the field, registered under its name(); returns it at its final
  /// address. Throws sluice::Error if the name is taken.
  template <class Field>
  Field& add(Field field, FieldOptions options = {});

  bool contains(std::string_view name) const { return indexOf(name) >= 0; }
  /// Names in registration order.
  std::vector<std::string> names() const;
  const FieldOptions& options(std::string_view name) const;

  /// The field, or nullptr if absent or of another type.
  template <class Field>
  const Field* find(std::string_view name) const;
  /// The field; throws sluice::Error naming it, the type asked for and what is registered.
  template <class Field>
  const Field& get(std::string_view name) const;
  /// The field for changing it: tells the observer, then advances its version.
  template <class Field>
  Field& modify(std::string_view name);
  /// Number of modifications so far.
  std::uint64_t version(std::string_view name) const;

  /// oldOld <- old <- current for every field registered with oldTimes
  /// (a modification of each). Call at the start of each time step.
  void storeOldTimes();
  /// Passes the time to every volume field's conditions (uniformFixedValue
  /// tables). Not a modification: the fields' values change only when their
  /// conditions are next evaluated, which goes through modify().
  void updateTime(Scalar time);
  /// Resolves the references of every volume field's boundary conditions to
  /// other registered fields (InputError naming the field file, patch and
  /// missing field). Call once all fields are registered.
  void linkBoundaryConditions() const;
  /// Whether a boundary condition of some volume field reads the field
  /// `name` (on any rank: the conditions are the same on every rank's patches).
  bool conditionsRead(const std::string& name) const;

  /// f(name, field, options) for every volume field (VolScalarField or VolVectorField), in registration order.
  template <class F>
  void forEachVolField(F&& f) const;

  /// f(name, field, options) for every field of any kind (volume and
  /// surface, scalar and vector), in registration order.
  template <class F>
  void forEachField(F&& f) const;

  /// Sets the observer told before each modification (nullptr: none). It must outlive its use.
  void setObserver(FieldObserver* observer) { observer_ = observer; }

 private:
  using Storage = std::variant<std::unique_ptr<VolScalarField>, std::unique_ptr<VolVectorField>,
                               std::unique_ptr<SurfaceScalarField>, std::unique_ptr<SurfaceVectorField>>;
  struct Entry {
    std::string name;
    Storage field;
    FieldOptions options;
    std::uint64_t version = 0;
  };

  int indexOf(std::string_view name) const;
  const Entry& entry(std::string_view name) const;
  [[noreturn]] void failLookup(std::string_view name, const char* wanted) const;
  template <class Field>
  static const char* className();
  static const char* classOf(const Storage& storage);

  std::vector<Entry> entries_;
  FieldObserver* observer_ = nullptr;
};

// ---------------------------------------------------------------- templates

template <class Field>
const char* FieldRegistry::className() {
  if constexpr (std::is_same_v<Field, VolScalarField>)
    return "volScalarField";
  else if constexpr (std::is_same_v<Field, VolVectorField>)
    return "volVectorField";
  else if constexpr (std::is_same_v<Field, SurfaceScalarField>)
    return "surfaceScalarField";
  else {
    static_assert(std::is_same_v<Field, SurfaceVectorField>, "FieldRegistry holds vol/surface scalar/vector fields");
    return "surfaceVectorField";
  }
}

template <class Field>
Field& FieldRegistry::add(Field field, FieldOptions options) {
  (void)className<Field>();  // rejects other types at compile time
  if (contains(field.name())) throw Error("FieldRegistry: a field named '" + field.name() + "' is registered already");
  auto owned = std::make_unique<Field>(std::move(field));
  Field& ref = *owned;
  entries_.push_back(Entry{ref.name(), Storage(std::move(owned)), options, 0});
  return ref;
}

template <class Field>
const Field* FieldRegistry::find(std::string_view name) const {
  const int i = indexOf(name);
  if (i < 0) return nullptr;
  const auto* held = std::get_if<std::unique_ptr<Field>>(&entries_[i].field);
  return held ? held->get() : nullptr;
}

template <class Field>
const Field& FieldRegistry::get(std::string_view name) const {
  if (const Field* f = find<Field>(name)) return *f;
  failLookup(name, className<Field>());
}

template <class Field>
Field& FieldRegistry::modify(std::string_view name) {
  const int i = indexOf(name);
  auto* held = i < 0 ? nullptr : std::get_if<std::unique_ptr<Field>>(&entries_[i].field);
  if (!held) failLookup(name, className<Field>());
  Entry& e = entries_[i];
  if (observer_) observer_->beforeModify(e.name, e.version);
  ++e.version;
  return **held;
}

template <class F>
void FieldRegistry::forEachVolField(F&& f) const {
  for (const Entry& e : entries_) {
    if (const auto* s = std::get_if<std::unique_ptr<VolScalarField>>(&e.field)) f(e.name, **s, e.options);
    if (const auto* v = std::get_if<std::unique_ptr<VolVectorField>>(&e.field)) f(e.name, **v, e.options);
  }
}

template <class F>
void FieldRegistry::forEachField(F&& f) const {
  for (const Entry& e : entries_)
    std::visit([&](const auto& held) { f(e.name, std::as_const(*held), e.options); }, e.field);
}

}  // namespace sluice::field
