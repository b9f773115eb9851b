#pragma once
// A face field: one value per local face, internal and boundary (coupled and
// empty faces included), e.g. the volumetric flux phi (positive out of the
// face's owner cell). On a processor face the value is the one this rank
// computed with its own orientation (out of its owned cell).
//
//   SurfaceScalarField phi("phi", mesh, io::DimensionSet{{0, 3, -1, 0, 0, 0, 0}});
//   for (Label f = 0; f < mesh.nFaces(); ++f) phi[f] = dot(Uf[f], mesh.geometry().faceAreas[f]);
//   std::span<const Scalar> inlet = phi.patchValues(patch);
//   phi.storeOldTime();                     // start of a step: oldOld <- old <- current (ddtCorr)
//   std::span<const Scalar> phi0 = phi.oldTime();
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "sluice/core/error.hpp"
#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/field/field_types.hpp"
#include "sluice/field/fv_mesh.hpp"
#include "sluice/field/old_time_levels.hpp"
#include "sluice/io/dictionary.hpp"

namespace sluice::field {

template <class T>
class SurfaceField {
 public:
  SurfaceField(std::string name, const FvMesh& mesh, io::DimensionSet dimensions, const T& initial = T{})
      : name_(std::move(name)), mesh_(&mesh), dimensions_(dimensions), values_(mesh.nFaces(), initial) {}
  /// The face values given (nFaces of them, moved in: no second array while
  /// a result is made). Throws sluice::Error on another count.
  SurfaceField(std::string name, const FvMesh& mesh, io::DimensionSet dimensions, std::vector<T> values)
      : name_(std::move(name)), mesh_(&mesh), dimensions_(dimensions), values_(std::move(values)) {
    if (static_cast<Label>(values_.size()) != mesh.nFaces())
      throw Error("surface field '" + name_ + "': " + std::to_string(values_.size()) + " face values for " +
                  std::to_string(mesh.nFaces()) + " faces");
  }

  const std::string& name() const { return name_; }
  void rename(std::string name) { name_ = std::move(name); }
  const io::DimensionSet& dimensions() const { return dimensions_; }
  const FvMesh& mesh() const { return *mesh_; }

  std::vector<T>& values() { return values_; }
  const std::vector<T>& values() const { return values_; }
  T& operator[](Label face) { return values_[face]; }
  const T& operator[](Label face) const { return values_[face]; }
  /// Values of the patch's faces on this rank.
  std::span<T> patchValues(Label patch) {
    const auto& p = mesh_->patches()[patch];
    return {values_.data() + p.start, static_cast<std::size_t>(p.size)};
  }
  std::span<const T> patchValues(Label patch) const {
    const auto& p = mesh_->patches()[patch];
    return {values_.data() + p.start, static_cast<std::size_t>(p.size)};
  }

  // ---- old time levels (OpenFOAM's phi.oldTime(), for ddtCorr)
  /// oldOldTime <- oldTime <- current values. Call at the start of each time step.
  void storeOldTime() { oldTimes_.store(values_); }
  int nOldTimes() const { return oldTimes_.count(); }
  /// Face values of the previous time step; throws sluice::Error if none stored.
  std::span<const T> oldTime() const { return oldTimes_.old(name_); }
  /// Face values two steps back; throws sluice::Error if fewer than 2 stored.
  std::span<const T> oldOldTime() const { return oldTimes_.oldOld(name_); }
  /// Keep two old levels from the next storeOldTime() on (the backward scheme asks).
  void keepOldOldTime() const { oldTimes_.keepOldOld(); }
  /// Sets the old-time levels from a restart snapshot (`count` of them; ghost
  /// entries as given, the caller fills them). See OldTimeLevels::restore.
  void restoreOldTimes(std::vector<T> old, std::vector<T> oldOld, int count) {
    oldTimes_.restore(std::move(old), std::move(oldOld), count);
  }

 private:
  std::string name_;
  const FvMesh* mesh_;
  io::DimensionSet dimensions_;
  std::vector<T> values_;
  OldTimeLevels<T> oldTimes_;
};

using SurfaceScalarField = SurfaceField<Scalar>;
using SurfaceVectorField = SurfaceField<Vec3>;

}  // namespace sluice::field
