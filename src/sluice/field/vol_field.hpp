#pragma once
// A cell-centred field (pressure, velocity, ...) on an FvMesh: one value per
// local cell (owned cells, then ghosts), one value per boundary face and one
// BoundaryCondition per Regular or Empty patch (FvMesh::patchKind); coupled
// patches (cyclic, processor) have no condition.
//
// Boundary face values are stored for every boundary face, indexed by
// face - nInternalFaces(). correctBoundaryConditions() fills them: on
// Regular/Empty patches by the patch's condition, on coupled faces with the
// linear interpolate w * v_P + (1 - w) * v_ghost (FvMesh geometry weights),
// so every boundary face has a meaningful value (for gradients and output).
//
//   VolVectorField U = readVolVectorField(caseDir, "U", "0", mesh);
//   U.correctBoundaryConditions();          // ghosts updated, every patch evaluated
//   for (Label c = 0; c < mesh.nCells(); ++c) U[c] += ...;
//   U.storeOldTime();                       // at the start of each time step: oldOld <- old <- current
//   std::span<const Vec3> U0 = U.oldTime(); // cell values of the previous time step
//   VolScalarField p("p", mesh, io::DimensionSet{{0, 2, -2, 0, 0, 0, 0}});  // `calculated`, or the
//                                           // constraint condition of symmetry patches
//   auto* ffp = dynamic_cast<FixedFluxPressureBC*>(p.boundaryCondition(inlet));
//
// Conditions that read other fields (inletOutlet reads phi) find them in a
// FieldRegistry: linkBoundaryConditions(registry) resolves their references
// (FieldRegistry::linkBoundaryConditions does it for every registered field).
//
// Copies are deep (conditions cloned, with their links); a field refers to
// its FvMesh by address, which must outlive it.
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/field/boundary_condition.hpp"
#include "sluice/field/field_types.hpp"
#include "sluice/field/fv_mesh.hpp"
#include "sluice/field/old_time_levels.hpp"
#include "sluice/io/dictionary.hpp"

namespace sluice::field {

template <FieldValueType T>
class VolField {
 public:
  /// All values `initial` (cells and boundary faces), `calculated`
  /// conditions on Regular patches, except the constraint conditions of
  /// symmetryPlane and symmetry patches, and `empty` on Empty patches.
  VolField(std::string name, const FvMesh& mesh, io::DimensionSet dimensions, const T& initial = T{});
  /// As above with the cell values given (nLocalCells of them, moved in: no
  /// second array while a result is made) and boundary values T{}. Throws
  /// sluice::Error on another count.
  VolField(std::string name, const FvMesh& mesh, io::DimensionSet dimensions, std::vector<T> cells);
  VolField(const VolField& other);
  VolField& operator=(const VolField& other);
  VolField(VolField&&) noexcept = default;
  VolField& operator=(VolField&&) noexcept = default;
  ~VolField();

  const std::string& name() const { return name_; }
  void rename(std::string name) { name_ = std::move(name); }
  const io::DimensionSet& dimensions() const { return dimensions_; }
  void setDimensions(const io::DimensionSet& d) { dimensions_ = d; }
  const FvMesh& mesh() const { return *mesh_; }

  // ---- cell values (nLocalCells: owned, then ghosts)
  std::vector<T>& values() { return cells_; }
  const std::vector<T>& values() const { return cells_; }
  T& operator[](Label cell) { return cells_[cell]; }
  const T& operator[](Label cell) const { return cells_[cell]; }
  /// Owned cells only.
  std::span<T> internal() { return {cells_.data(), static_cast<std::size_t>(mesh_->nCells())}; }
  std::span<const T> internal() const { return {cells_.data(), static_cast<std::size_t>(mesh_->nCells())}; }

  // ---- boundary values (per boundary face: index face - nInternalFaces)
  std::span<T> boundaryValues() { return boundary_; }
  std::span<const T> boundaryValues() const { return boundary_; }
  const T& boundaryValue(Label face) const { return boundary_[face - mesh_->nInternalFaces()]; }
  T& boundaryValue(Label face) { return boundary_[face - mesh_->nInternalFaces()]; }
  /// The patch's face values (size of the patch on this rank).
  std::span<T> patchValues(Label patch);
  std::span<const T> patchValues(Label patch) const;

  // ---- boundary conditions
  /// The patch's condition; nullptr for coupled (cyclic, processor) patches.
  BoundaryCondition<T>* boundaryCondition(Label patch) { return conditions_[patch].get(); }
  const BoundaryCondition<T>* boundaryCondition(Label patch) const { return conditions_[patch].get(); }
  /// Replaces a Regular or Empty patch's condition (throws sluice::Error on a
  /// coupled patch or a patch index out of range).
  void setBoundaryCondition(Label patch, std::unique_ptr<BoundaryCondition<T>> condition);
  /// True if a condition on this rank fixes the value (reduce over ranks for a global answer).
  bool fixesValue() const;
  /// Resolves the fields the conditions read (InputError naming the field
  /// file, patch and missing field). Local; the registry must outlive the field.
  void linkBoundaryConditions(const FieldRegistry& registry);
  /// Whether a condition of this field on this rank reads the field `name`.
  bool conditionsRead(const std::string& name) const;

  /// Updates the ghost cells (FvMesh::updateGhosts), then evaluates every
  /// condition into the boundary values and interpolates coupled faces.
  /// Collective when the mesh has processor patches.
  void correctBoundaryConditions();
  /// Evaluates the conditions only (ghosts assumed current).
  void evaluateBoundaryConditions();
  /// Lets every condition refresh its stored face values before an equation
  /// of this field is assembled (BoundaryCondition::updateCoeffs).
  void updateCoeffs();
  /// Passes the time to every condition (uniformFixedValue tables).
  void updateTime(Scalar time);

  // ---- old time levels for time derivatives
  /// oldOldTime <- oldTime <- current cell values. Call at the start of each time step.
  void storeOldTime() { oldTimes_.store(cells_); }
  /// Number of stored levels: 0, 1 (oldTime) or 2 (oldTime and oldOldTime).
  int nOldTimes() const { return oldTimes_.count(); }
  /// Cell values (nLocalCells) of the previous time step; throws sluice::Error if none stored.
  std::span<const T> oldTime() const { return oldTimes_.old(name_); }
  /// Cell values two steps back (backward scheme); throws sluice::Error if fewer than 2 stored.
  std::span<const T> oldOldTime() const { return oldTimes_.oldOld(name_); }
  /// Keep two old levels from the next storeOldTime() on (the backward scheme asks).
  void keepOldOldTime() const { oldTimes_.keepOldOld(); }
  /// Sets the old-time levels from a restart snapshot (`count` of them; ghost
  /// entries as given, the caller fills them). See OldTimeLevels::restore.
  void restoreOldTimes(std::vector<T> old, std::vector<T> oldOld, int count) {
    oldTimes_.restore(std::move(old), std::move(oldOld), count);
  }

 private:
  /// `calculated` or the patch's constraint condition on every Regular and Empty patch.
  void makeDefaultConditions();

  std::string name_;
  const FvMesh* mesh_;
  io::DimensionSet dimensions_;
  std::vector<T> cells_;
  std::vector<T> boundary_;
  std::vector<std::unique_ptr<BoundaryCondition<T>>> conditions_;  ///< per patch; null for coupled
  OldTimeLevels<T> oldTimes_;
};

using VolScalarField = VolField<Scalar>;
using VolVectorField = VolField<Vec3>;

extern template class VolField<Scalar>;
extern template class VolField<Vec3>;

}  // namespace sluice::field
