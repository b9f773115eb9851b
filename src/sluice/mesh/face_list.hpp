#pragma once
// Polygonal faces stored compressed (CSR): one offsets array, one vertex array.
// When every face has the same number of vertices (the quadrilaterals of a
// hexahedral mesh) the offsets are not stored: face f starts at f times that
// number (a quarter less memory for quads). The list switches to stored
// offsets by itself when a face of another size is added.
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

  Label size() const { return nFaces_; }
  std::span<const Label> operator[](Label face) const {
    return {vertices_.data() + start(face), static_cast<std::size_t>(count(face))};
  }
  std::span<Label> mutableFace(Label face) {
    return {vertices_.data() + start(face), static_cast<std::size_t>(count(face))};
  }
  void add(std::span<const Label> face);
  void add(std::initializer_list<Label> face) { add(std::span<const Label>(face.begin(), face.size())); }
  void reserve(std::size_t faces, std::size_t vertices);

  /// Start of each face in vertices() and the end (size() + 1 entries), built on request.
  std::vector<Label> offsets() const;
  const std::vector<Label>& vertices() const { return vertices_; }
  /// Vertices per face when every face has the same number (offsets not stored), else 0.
  Label uniformSize() const { return uniform_; }

  /// New list with faces in the order `order[newIndex] = oldIndex`.
  FaceList permuted(std::span<const Label> order) const;

  friend bool operator==(const FaceList&, const FaceList&) = default;  // one form per content (see add)

 private:
  Label start(Label face) const { return uniform_ > 0 ? face * uniform_ : offsets_[face]; }
  Label count(Label face) const { return uniform_ > 0 ? uniform_ : offsets_[face + 1] - offsets_[face]; }

  std::vector<Label> offsets_{0};  ///< size() + 1 entries; empty while uniform_ > 0
  std::vector<Label> vertices_;
  Label nFaces_ = 0;
  Label uniform_ = 0;  ///< > 0: every face has this many vertices and offsets_ is empty
};

}  // namespace sluice::mesh
