#include "sluice/mesh/face_list.hpp"

#include "sluice/core/error.hpp"

namespace sluice::mesh {

FaceList::FaceList(std::vector<Label> offsets, std::vector<Label> vertices)
    : offsets_(std::move(offsets)), vertices_(std::move(vertices)) {
  if (offsets_.empty() || offsets_.front() != 0 ||
      offsets_.back() != static_cast<Label>(vertices_.size()))
    throw Error("FaceList: offsets do not match the vertex array");
}

void FaceList::add(std::span<const Label> face) {
  vertices_.insert(vertices_.end(), face.begin(), face.end());
  offsets_.push_back(static_cast<Label>(vertices_.size()));
}

void FaceList::reserve(std::size_t faces, std::size_t vertices) {
  offsets_.reserve(faces + 1);
  vertices_.reserve(vertices);
}

FaceList FaceList::permuted(std::span<const Label> order) const {
  FaceList out;
  out.reserve(order.size(), vertices_.size());
  for (Label old : order) out.add((*this)[old]);
  return out;
}

}  // namespace sluice::mesh
