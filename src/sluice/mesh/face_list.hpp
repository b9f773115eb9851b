#pragma once
// Polygonal faces stored compressed (CSR): one offsets array, one vertex array.
//
//   FaceList faces;
//   faces.add({0, 1, 5, 4});
//   for (Label v : faces[0]) ...
#include <initializer_list>
#include <span>
#include <vector>

#include "sluice/core/types.hpp"

namespace sluice::mesh {

class FaceList {
 public:
  FaceList() = default;
  FaceList(std::vector<Label> offsets, std::vector<Label> vertices);

  Label size() const { return static_cast<Label>(offsets_.size()) - 1; }
  std::span<const Label> operator[](Label face) const {
    return {vertices_.data() + offsets_[face], static_cast<std::size_t>(offsets_[face + 1] - offsets_[face])};
  }
  std::span<Label> mutableFace(Label face) {
    return {vertices_.data() + offsets_[face], static_cast<std::size_t>(offsets_[face + 1] - offsets_[face])};
  }
  void add(std::span<const Label> face);
  void add(std::initializer_list<Label> face) { add(std::span<const Label>(face.begin(), face.size())); }
  void reserve(std::size_t faces, std::size_t vertices);

  const std::vector<Label>& offsets() const { return offsets_; }
  const std::vector<Label>& vertices() const { return vertices_; }

  /// New list with faces in the order `order[newIndex] = oldIndex`.
  FaceList permuted(std::span<const Label> order) const;

  friend bool operator==(const FaceList&, const FaceList&) = default;

 private:
  std::vector<Label> offsets_{0};
  std::vector<Label> vertices_;
};

}  // namespace sluice::mesh
