#include "sluice/field/vol_field.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/field/boundary_conditions.hpp"

namespace sluice::field {

template <FieldValueType T>
VolField<T>::VolField(std::string name, const FvMesh& mesh, io::DimensionSet dimensions, const T& initial)
    : name_(std::move(name)),
      mesh_(&mesh),
      dimensions_(dimensions),
      cells_(mesh.nLocalCells(), initial),
      boundary_(mesh.nBoundaryFaces(), initial) {
  makeDefaultConditions();
}

template <FieldValueType T>
VolField<T>::VolField(std::string name, const FvMesh& mesh, io::DimensionSet dimensions, std::vector<T> cells)
    : name_(std::move(name)),
      mesh_(&mesh),
      dimensions_(dimensions),
      cells_(std::move(cells)),
      boundary_(mesh.nBoundaryFaces(), T{}) {
  if (static_cast<Label>(cells_.size()) != mesh.nLocalCells())
    throw Error(fmt::format("field '{}': {} cell values for {} local cells", name_, cells_.size(),
                            mesh.nLocalCells()));
  makeDefaultConditions();
}

template <FieldValueType T>
void VolField<T>::makeDefaultConditions() {
  const FvMesh& mesh = *mesh_;
  conditions_.resize(static_cast<std::size_t>(mesh.nPatches()));
  for (Label p = 0; p < mesh.nPatches(); ++p) {
    switch (mesh.patchKind(p)) {
      case PatchKind::Regular:
      case PatchKind::Empty:
        // As OpenFOAM: constraint patches (empty, symmetryPlane, symmetry)
        // take their constraint condition, every other patch `calculated`.
        conditions_[p] = constraintCondition<T>(mesh, p);
        if (!conditions_[p]) conditions_[p] = std::make_unique<CalculatedBC<T>>(p);
        break;
      case PatchKind::Cyclic:
      case PatchKind::Processor: break;
    }
  }
}

template <FieldValueType T>
VolField<T>::VolField(const VolField& o)
    : name_(o.name_),
      mesh_(o.mesh_),
      dimensions_(o.dimensions_),
      cells_(o.cells_),
      boundary_(o.boundary_),
      conditions_(o.conditions_.size()),
      oldTimes_(o.oldTimes_) {
  for (std::size_t p = 0; p < conditions_.size(); ++p)
    if (o.conditions_[p]) conditions_[p] = o.conditions_[p]->clone();
}

template <FieldValueType T>
VolField<T>& VolField<T>::operator=(const VolField& o) {
  if (this != &o) {
    VolField copy(o);
    *this = std::move(copy);
  }
  return *this;
}

template <FieldValueType T>
VolField<T>::~VolField() = default;

template <FieldValueType T>
std::span<T> VolField<T>::patchValues(Label patch) {
  const mesh::Patch& p = mesh_->patches()[patch];
  return {boundary_.data() + (p.start - mesh_->nInternalFaces()), static_cast<std::size_t>(p.size)};
}

template <FieldValueType T>
std::span<const T> VolField<T>::patchValues(Label patch) const {
  const mesh::Patch& p = mesh_->patches()[patch];
  return {boundary_.data() + (p.start - mesh_->nInternalFaces()), static_cast<std::size_t>(p.size)};
}

template <FieldValueType T>
void VolField<T>::setBoundaryCondition(Label patch, std::unique_ptr<BoundaryCondition<T>> condition) {
  if (patch < 0 || patch >= mesh_->nPatches())
    throw Error(fmt::format("VolField::setBoundaryCondition: patch {} out of range", patch));
  const PatchKind kind = mesh_->patchKind(patch);
  if (kind == PatchKind::Cyclic || kind == PatchKind::Processor)
    throw Error(fmt::format("VolField::setBoundaryCondition: patch '{}' is coupled", mesh_->patches()[patch].name));
  if (!condition || condition->patch() != patch)
    throw Error(fmt::format("VolField::setBoundaryCondition: condition for patch '{}' missing or made for another patch",
                            mesh_->patches()[patch].name));
  conditions_[patch] = std::move(condition);
}

template <FieldValueType T>
bool VolField<T>::fixesValue() const {
  for (const auto& c : conditions_)
    if (c && c->fixesValue()) return true;
  return false;
}

template <FieldValueType T>
void VolField<T>::evaluateBoundaryConditions() {
  for (std::size_t p = 0; p < conditions_.size(); ++p)
    if (conditions_[p]) conditions_[p]->evaluate(*mesh_, cells_, patchValues(static_cast<Label>(p)));
}

template <FieldValueType T>
void VolField<T>::updateCoeffs() {
  for (std::size_t p = 0; p < conditions_.size(); ++p)
    if (conditions_[p]) conditions_[p]->updateCoeffs(*mesh_, cells_, patchValues(static_cast<Label>(p)));
}

template <FieldValueType T>
void VolField<T>::correctBoundaryConditions() {
  mesh_->updateGhosts(std::span<T>(cells_));
  evaluateBoundaryConditions();
  const Label nInternal = mesh_->nInternalFaces();
  const auto& owner = mesh_->poly().owner();
  const auto& weights = mesh_->geometry().weights;
  for (Label f = nInternal; f < mesh_->nFaces(); ++f) {
    const Label g = mesh_->faceGhost(f);
    if (g < 0) continue;
    const Scalar w = weights[f];
    boundary_[f - nInternal] = w * cells_[owner[f]] + (1.0 - w) * cells_[g];
  }
}

template <FieldValueType T>
void VolField<T>::updateTime(Scalar time) {
  for (auto& c : conditions_)
    if (c) c->updateTime(time);
}

template <FieldValueType T>
void VolField<T>::linkBoundaryConditions(const FieldRegistry& registry) {
  for (auto& c : conditions_)
    if (c) c->link(registry);
}

template <FieldValueType T>
bool VolField<T>::conditionsRead(const std::string& name) const {
  for (const auto& c : conditions_)
    if (c && c->readsField(name)) return true;
  return false;
}

template class VolField<Scalar>;
template class VolField<Vec3>;

}  // namespace sluice::field
