#include "sluice/mesh/poly_mesh.hpp"

#include <algorithm>
#include <numeric>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "sluice/core/error.hpp"

namespace sluice::mesh {

PolyMesh::PolyMesh(std::vector<Vec3> points, FaceList faces, std::vector<Label> owner,
                   std::vector<Label> neighbour, std::vector<Patch> patches, std::string name)
    : points_(std::move(points)),
      faces_(std::move(faces)),
      owner_(std::move(owner)),
      neighbour_(std::move(neighbour)),
      patches_(std::move(patches)),
      name_(std::move(name)) {
  const Label nf = faces_.size();
  if (static_cast<Label>(owner_.size()) != nf)
    throw InputError(fmt::format("{}: owner has {} entries but there are {} faces", name_, owner_.size(), nf));
  if (static_cast<Label>(neighbour_.size()) > nf)
    throw InputError(fmt::format("{}: neighbour has {} entries but there are only {} faces", name_,
                                 neighbour_.size(), nf));
  const Label np = nPoints();
  for (Label f = 0; f < nf; ++f) {
    auto face = faces_[f];
    if (face.size() < 3)
      throw InputError(fmt::format("{}: face {} has {} vertices (at least 3 needed)", name_, f, face.size()));
    for (Label v : face)
      if (v < 0 || v >= np)
        throw InputError(fmt::format("{}: face {} refers to point {} but there are {} points", name_, f, v, np));
  }
  Label maxCell = -1;
  for (Label f = 0; f < nf; ++f) {
    if (owner_[f] < 0) throw InputError(fmt::format("{}: face {} has negative owner {}", name_, f, owner_[f]));
    maxCell = std::max(maxCell, owner_[f]);
  }
  for (Label f = 0; f < nInternalFaces(); ++f) {
    if (neighbour_[f] < 0)
      throw InputError(fmt::format("{}: internal face {} has negative neighbour {}", name_, f, neighbour_[f]));
    if (neighbour_[f] == owner_[f])
      throw InputError(fmt::format("{}: internal face {} has owner and neighbour both cell {}", name_, f, owner_[f]));
    maxCell = std::max(maxCell, neighbour_[f]);
  }
  nCells_ = maxCell + 1;

  for (std::size_t i = 0; i < patches_.size(); ++i) {
    const Patch& p = patches_[i];
    for (std::size_t j = 0; j < i; ++j)
      if (patches_[j].name == p.name)
        throw InputError(fmt::format("{}: duplicate patch name '{}'", name_, p.name));
    if (p.size < 0) throw InputError(fmt::format("{}: patch '{}' has {} faces", name_, p.name, p.size));
  }
  if (const auto problem = patchTilingProblem(patches_, nInternalFaces(), nf))
    throw InputError(fmt::format("{}: {}", name_, *problem));
}

Label PolyMesh::findPatch(const std::string& patchName) const {
  for (std::size_t i = 0; i < patches_.size(); ++i)
    if (patches_[i].name == patchName) return static_cast<Label>(i);
  return -1;
}

Label PolyMesh::patchOfFace(Label face) const {
  for (std::size_t i = 0; i < patches_.size(); ++i)
    if (face >= patches_[i].start && face < patches_[i].start + patches_[i].size) return static_cast<Label>(i);
  return -1;
}

FaceList PolyMesh::cellFaces(Label firstCell, Label endCell) const {
  const auto inRange = [firstCell, endCell](Label c) { return c >= firstCell && c < endCell; };
  std::vector<Label> count(static_cast<std::size_t>(endCell - firstCell) + 1, 0);
  for (Label f = 0; f < nFaces(); ++f)
    if (inRange(owner_[f])) ++count[owner_[f] - firstCell + 1];
  for (Label f = 0; f < nInternalFaces(); ++f)
    if (inRange(neighbour_[f])) ++count[neighbour_[f] - firstCell + 1];
  std::partial_sum(count.begin(), count.end(), count.begin());
  std::vector<Label> fill(count.begin(), count.end() - 1);
  std::vector<Label> faces(count.back());
  for (Label f = 0; f < nFaces(); ++f)
    if (inRange(owner_[f])) faces[fill[owner_[f] - firstCell]++] = f;
  for (Label f = 0; f < nInternalFaces(); ++f)
    if (inRange(neighbour_[f])) faces[fill[neighbour_[f] - firstCell]++] = f;
  return FaceList(std::move(count), std::move(faces));
}

bool PolyMesh::isUpperTriangular() const {
  for (Label f = 0; f < nInternalFaces(); ++f) {
    if (owner_[f] >= neighbour_[f]) return false;
    if (f > 0 && (owner_[f] < owner_[f - 1] || (owner_[f] == owner_[f - 1] && neighbour_[f] <= neighbour_[f - 1])))
      return false;
  }
  return true;
}

void PolyMesh::sortInternalFaces() {
  const Label ni = nInternalFaces();
  for (Label f = 0; f < ni; ++f) {
    if (owner_[f] > neighbour_[f]) {
      std::swap(owner_[f], neighbour_[f]);
      auto face = faces_.mutableFace(f);
      std::reverse(face.begin() + 1, face.end());  // keep vertex 0, flip orientation
    }
  }
  std::vector<Label> order(faces_.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.begin() + ni, [&](Label a, Label b) {
    return owner_[a] != owner_[b] ? owner_[a] < owner_[b] : neighbour_[a] < neighbour_[b];
  });
  faces_ = faces_.permuted(order);
  std::vector<Label> newOwner(owner_.size()), newNeighbour(ni);
  for (std::size_t i = 0; i < order.size(); ++i) newOwner[i] = owner_[order[i]];
  for (Label i = 0; i < ni; ++i) newNeighbour[i] = neighbour_[order[i]];
  owner_ = std::move(newOwner);
  neighbour_ = std::move(newNeighbour);
}

Label PolyMesh::moveEmptyFacesLast(std::vector<Label>& order) {
  const Label ni = nInternalFaces();
  order.resize(faces_.size());
  std::iota(order.begin(), order.begin() + ni, 0);
  Label next = ni;
  Label nonEmpty = ni;  // where the empty patches' faces begin: the end of the first pass
  for (int pass = 0; pass < 2; ++pass) {
    for (Patch& p : patches_) {
      if ((p.type == "empty") != (pass == 1)) continue;
      for (Label i = 0; i < p.size; ++i) order[next + i] = p.start + i;
      p.start = next;
      next += p.size;
    }
    if (pass == 0) nonEmpty = next;
  }
  faces_ = faces_.permuted(order);
  std::vector<Label> newOwner(owner_.size());
  for (std::size_t i = 0; i < order.size(); ++i) newOwner[i] = owner_[order[i]];
  owner_ = std::move(newOwner);
  return nonEmpty;
}

void PolyMesh::scalePoints(Scalar factor) {
  for (Vec3& p : points_) p *= factor;
}

}  // namespace sluice::mesh
