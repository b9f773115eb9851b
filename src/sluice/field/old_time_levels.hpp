#pragma once
// The values of a field at the two previous time steps (OpenFOAM's
// oldTime() and oldTime().oldTime()), kept by volume and surface fields for
// time derivatives and the ddtCorr flux.
//
//   OldTimeLevels<Vec3> levels;
//   levels.store(current);                  // start of each step: oldOld <- old <- current
//   if (levels.count() >= 1) use(levels.old());
//
// count() is 0 before the first store, then 1, then 2: the backward scheme
// falls back to Euler while only one level exists, as OpenFOAM's does. The
// second level is kept only once a scheme has asked for it (keepOldOld(), as
// OpenFOAM's oldTime().oldTime() is made on first use): an Euler run keeps
// one copy of each field, not two.
#include <algorithm>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "sluice/core/error.hpp"

namespace sluice::field {

template <class T>
class OldTimeLevels {
 public:
  /// oldOld <- old <- current.
  void store(const std::vector<T>& current) {
    if (keepOldOld_ && count_ >= 1) oldOld_.swap(old_);
    old_ = current;
    count_ = std::min(count_ + 1, keepOldOld_ ? 2 : 1);
  }
  /// From the next store() on, keep two levels (the backward scheme calls it
  /// at every use; logically const: it changes what is stored, not the values).
  void keepOldOld() const { keepOldOld_ = true; }
  /// Number of stored levels: 0, 1 or 2.
  int count() const { return count_; }
  /// The previous step's values; throws sluice::Error naming `field` if none is stored.
  std::span<const T> old(const std::string& field) const {
    if (count_ < 1) throw Error("field '" + field + "': no old time stored");
    return old_;
  }
  /// Sets the stored levels as a restart snapshot recorded them: `count`
  /// levels (0, 1 or 2), `old` used from 1, `oldOld` from 2.
  void restore(std::vector<T> old, std::vector<T> oldOld, int count) {
    if (count < 0 || count > 2) throw Error("OldTimeLevels::restore: count must be 0, 1 or 2");
    old_ = std::move(old);
    oldOld_ = std::move(oldOld);
    count_ = count;
    if (count == 2) keepOldOld_ = true;
  }
  /// Two steps back; throws sluice::Error naming `field` if fewer than two are stored.
  std::span<const T> oldOld(const std::string& field) const {
    if (count_ < 2) throw Error("field '" + field + "': no old-old time stored");
    return oldOld_;
  }

 private:
  std::vector<T> old_, oldOld_;
  int count_ = 0;
  mutable bool keepOldOld_ = false;
};

}  // namespace sluice::field
