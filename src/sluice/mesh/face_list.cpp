#include "sluice/mesh/face_list.hpp"

#include "sluice/core/error.hpp"

namespace sluice::mesh {

FaceList::FaceList(std::vector<Label> offsets, std::vector<Label> vertices)
    : offsets_(std::move(offsets)), vertices_(std::move(vertices)) {
  if (offsets_.empty() || offsets_.front() != 0 ||
      offsets_.back() != static_cast<Label>(vertices_.size()))
    throw Error("FaceList: offsets do not match the vertex array");
  nFaces_ = static_cast<Label>(offsets_.size()) - 1;
  if (nFaces_ == 0) return;
  const Label first = offsets_[1];
  for (Label f = 1; f < nFaces_; ++f)
    if (offsets_[f + 1] - offsets_[f] != first) return;
  if (first > 0) {
    uniform_ = first;
    std::vector<Label>().swap(offsets_);
  }
}

void FaceList::add(std::span<const Label> face) {
  const auto n = static_cast<Label>(face.size());
  if (nFaces_ == 0 && n > 0) {
    uniform_ = n;
    offsets_.clear();
  } else if (uniform_ > 0 && n != uniform_) {
    offsets_ = offsets();  // another size: store offsets from now on
    uniform_ = 0;
  }
  vertices_.insert(vertices_.end(), face.begin(), face.end());
  if (uniform_ == 0) offsets_.push_back(static_cast<Label>(vertices_.size()));
  ++nFaces_;
}

std::vector<Label> FaceList::offsets() const {
  if (uniform_ == 0) return offsets_;
  std::vector<Label> o(static_cast<std::size_t>(nFaces_) + 1);
  for (Label f = 0; f <= nFaces_; ++f) o[f] = f * uniform_;
  return o;
}

void FaceList::reserve(std::size_t faces, std::size_t vertices) {
  if (uniform_ == 0 && nFaces_ > 0) offsets_.reserve(faces + 1);  // a uniform list stores none
  vertices_.reserve(vertices);
}

FaceList FaceList::permuted(std::span<const Label> order) const {
  FaceList out;
  out.reserve(order.size(), vertices_.size());
  for (Label old : order) out.add((*this)[old]);
  return out;
}

}  // namespace sluice::mesh
