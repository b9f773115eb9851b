#pragma once
// Face-based polyhedral mesh in OpenFOAM's layout: points, faces, an owner
// cell per face and a neighbour cell per internal face. Internal faces come
// first in upper-triangular order (sorted by owner, then neighbour, with
// owner < neighbour); boundary faces follow, grouped by patch. Face normals
// point out of the owner. (FvMesh's meshes put the faces of empty patches
// last, see moveEmptyFacesLast; patches() then is not in face order.)
//
// The mesh holds topology only; geometry lives in MeshGeometry. In parallel
// each rank holds a PolyMesh of its own cells (the parallel module adds
// processor patches and ghost cells).
//
//   PolyMesh mesh(points, faces, owner, neighbour, patches);   // validated
//   for (Label f = 0; f < mesh.nInternalFaces(); ++f) { mesh.owner()[f]; mesh.neighbour()[f]; }
//   for (const Patch& p : mesh.patches()) for (Label f = p.start; f < p.start + p.size; ++f) ...
#include <string>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/mesh/face_list.hpp"
#include "sluice/mesh/patch.hpp"

namespace sluice::mesh {

class PolyMesh {
 public:
  PolyMesh() = default;
  /// Checks sizes and index ranges (throws InputError naming the entity);
  /// `name` is used in messages (e.g. "constant/polyMesh").
  PolyMesh(std::vector<Vec3> points, FaceList faces, std::vector<Label> owner, std::vector<Label> neighbour,
           std::vector<Patch> patches, std::string name = "mesh");

  Label nPoints() const { return static_cast<Label>(points_.size()); }
  Label nFaces() const { return faces_.size(); }
  Label nInternalFaces() const { return static_cast<Label>(neighbour_.size()); }
  Label nCells() const { return nCells_; }

  const std::vector<Vec3>& points() const { return points_; }
  const FaceList& faces() const { return faces_; }
  const std::vector<Label>& owner() const { return owner_; }
  const std::vector<Label>& neighbour() const { return neighbour_; }
  const std::vector<Patch>& patches() const { return patches_; }
  const std::string& name() const { return name_; }

  /// Index of the patch with this name, or -1.
  Label findPatch(const std::string& name) const;
  /// Patch index of a boundary face (face >= nInternalFaces()).
  Label patchOfFace(Label face) const;

  /// Cells' faces in CSR form: cellFaces()[c] lists the faces of cell c
  /// (those it owns, ascending, then those it neighbours, ascending).
  FaceList cellFaces() const { return cellFaces(0, nCells_); }
  /// The same lists for cells firstCell .. endCell-1 only (entry c - firstCell),
  /// made by one pass over the faces: a walk over the cells in ranges holds
  /// one range's lists at a time.
  FaceList cellFaces(Label firstCell, Label endCell) const;

  /// True if internal faces are in upper-triangular order with owner < neighbour.
  bool isUpperTriangular() const;

  /// Reorders internal faces into upper-triangular order, flipping any
  /// internal face whose owner is greater than its neighbour.
  void sortInternalFaces();

  /// Moves the faces of `empty` patches (2D front and back) behind all
  /// other faces, keeping the order of the patch list and of the faces within
  /// each patch; the empty patches' starts move, every other face keeps its
  /// position relative to the non-empty ones. Returns the number of faces
  /// before the empty ones and fills `order` (order[newFace] = oldFace).
  /// FvMesh does this so that its per-face arrays stop before the empty faces.
  Label moveEmptyFacesLast(std::vector<Label>& order);

  /// Scales all points by `factor` (convertToMeters / scale).
  void scalePoints(Scalar factor);

 private:
  std::vector<Vec3> points_;
  FaceList faces_;
  std::vector<Label> owner_;
  std::vector<Label> neighbour_;
  std::vector<Patch> patches_;
  std::string name_;
  Label nCells_ = 0;
};

}  // namespace sluice::mesh
