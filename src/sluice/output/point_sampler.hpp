#pragma once
// Values of cell fields at fixed points, in parallel: each point is found on
// the rank owning the cell that contains it (lowest global cell id when the
// point lies on a shared face, edge or corner), interpolated there and
// collected on every rank. Points may instead come with the mesh face they
// lie on and the cell they belong to (SampleFace: the `face` set type), as
// OpenFOAM's sets pass a face to its interpolation.
//
// Interpolation schemes (as OpenFOAM's `interpolationScheme`):
//  - cell: the value of the containing cell.
//  - cellPoint: OpenFOAM's interpolationCellPoint. Point values come from
//    volPointInterpolation: at a mesh point, the inverse-distance-weighted
//    average of the values of all cells sharing the point (weights
//    1/|point - cell centre|, summed over all ranks); at a point on a
//    boundary patch that is not empty, processor, cyclic or wedge, instead the
//    inverse-distance-weighted average of the boundary values of the faces of
//    such patches sharing the point (weights 1/|point - face centre|). The
//    cell is split into tetrahedra (cell centre, face point 0, face points i
//    and i+1: the faces' triangle fans from their first point), the one
//    containing the sample point is chosen (largest smallest barycentric
//    coordinate), and the value is the barycentric combination of the cell
//    value and the three point values. A field that is linear in space, given
//    as its values at cell and face centres, is reproduced exactly wherever
//    the inverse-distance averages are exact at the points used (e.g. a
//    uniform box away from edges and corners, where each point's surrounding
//    centres are symmetric). Not done (as OpenFOAM does): values on cyclic
//    patches are not averaged with the partner side, and symmetry-plane point
//    constraints on vectors are not applied.
//  - cellPointFace: OpenFOAM's interpolationCellPointFace, with the same point
//    values as cellPoint and face values: on internal faces (processor faces
//    included) the linear interpolate w P + (1 - w) N, w = dN / (dP + dN),
//    dX = |Sf . (Cf - CX)|; on other boundary faces the boundary value, on
//    empty patches the cell value. Inside a cell: the face whose plane the
//    ray from the cell centre through the point meets closest to the point
//    is chosen and its tetrahedra (face points i and i+1, face centre, cell
//    centre) are tried in order (1e-15 tolerance); the value is the
//    barycentric combination of the two point values, the face value and
//    the cell value. Failing that (OpenFOAM's fallbacks): the tetrahedron of
//    that face whose barycentric weights sum closest to 1 (the first, in
//    practice), weights clipped to [0, 1]; if the ray meets no face plane,
//    the cell's faces in turn; else the face value. On a face (SampleFace
//    given): the triangles (face points i and i+1, face centre) are tried in
//    order with OpenFOAM's test, which accepts the first one along whose
//    edges the point lies ahead of each edge's start (not necessarily the
//    triangle containing it), and the value is the barycentric combination,
//    possibly extrapolated, of the two point values and the face value; if
//    none is accepted, the face value. Faces are taken with the vertex order
//    of the side of their lower global cell id (the undecomposed mesh's, for
//    upper-triangular meshes), so results do not depend on the
//    decomposition. A linear field is reproduced exactly where the point
//    values are exact and the linear face interpolate is (face centre on the
//    line between the cell centres, e.g. a uniform box away from its edges
//    and empty sides). Processor faces get the linear interpolate, as in
//    serial; OpenFOAM in parallel takes the processor patch field's values
//    there (the other side's cell values, as its source reads; not checked
//    against a parallel OpenFOAM run).
//
//   SamplingMesh sm(distributed);
//   PointSampler sampler(sm, points, InterpolationScheme::cellPoint, comm);   // collective
//   SampledField p{1, pCells, pBoundaryFaces};
//   std::vector<std::vector<double>> v = sampler.sample(std::span(&p, 1));    // collective
//   v[0][i] (NaN where !sampler.found(i)); vectors: v[f][3*i + k]
//   PointSampler onFaces(sm, points, faces, InterpolationScheme::cellPointFace, comm);  // SampleFace per point
#include <array>
#include <span>
#include <string>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/output/sampling_mesh.hpp"
#include "sluice/parallel/communicator.hpp"

namespace sluice::output {

enum class InterpolationScheme { cell, cellPoint, cellPointFace };

/// "cell" / "cellPoint" / "cellPointFace".
const char* schemeName(InterpolationScheme scheme);

/// One field's values on this rank.
struct SampledField {
  int components = 1;                      ///< 1 (scalar) or 3 (vector)
  std::span<const double> cells;           ///< owned cells x components (more entries are ignored)
  std::span<const double> boundaryFaces;   ///< boundary faces x components (face f at f - nInternalFaces; may stop
                                           ///< before the empty patches' faces), or empty:
                                           ///< the owner cell's value is used (zero gradient)
};

/// A sample point lying on a mesh face: the face's and the sample's cell's
/// global ids (the same on every rank). face < 0: an ordinary point, located.
struct SampleFace {
  GlobalLabel face = -1;
  GlobalLabel cell = -1;
};

class PointSampler {
 public:
  /// Collective: locates every point (all ranks pass the same points).
  PointSampler(const SamplingMesh& mesh, std::vector<Vec3> points, InterpolationScheme scheme,
               const parallel::Communicator& comm);
  /// Collective: as above for points on faces (`faces` empty or one per point,
  /// the same on all ranks): the cell is `faces[i].cell`, not searched for.
  PointSampler(const SamplingMesh& mesh, std::vector<Vec3> points, std::vector<SampleFace> faces,
               InterpolationScheme scheme, const parallel::Communicator& comm);

  std::size_t size() const { return points_.size(); }
  const std::vector<Vec3>& points() const { return points_; }
  InterpolationScheme scheme() const { return scheme_; }
  /// Same on every rank.
  bool found(std::size_t i) const { return cellIds_[i] >= 0; }
  /// Global id of the cell containing point i, -1 if outside the mesh.
  GlobalLabel cellId(std::size_t i) const { return cellIds_[i]; }

  /// Collective: the values of every field at every point, on every rank:
  /// result[f][i * components + k], NaN for points outside the mesh.
  std::vector<std::vector<double>> sample(std::span<const SampledField> fields) const;

 private:
  /// One contribution weight * value(source) to point `index`, on this rank.
  struct Term {
    std::size_t index;  ///< into points_
    Label source;       ///< local cell, local boundary face, or index into needed_
    Scalar weight;
  };
  struct Weighted {
    Label index;  ///< cell or face
    Scalar weight;
  };
  /// A mesh point value wanted by this rank: point `index`'s slot (0-2).
  struct PointRequest {
    std::size_t index;
    int slot;
    GlobalLabel point;
    Scalar weight;
  };
  /// A face value wanted with `weight` for point `index`.
  struct FaceRequest {
    std::size_t index;
    Label face;   ///< local face
    Label cell;   ///< the sample's local cell (empty patches use its value)
    Scalar weight;
  };
  void addFaceValue(const FaceRequest& r, std::vector<FaceRequest>& processorRequests);
  void resolveProcessorFaces(const std::vector<FaceRequest>& requests);
  void setUpPointInterpolation(const std::vector<PointRequest>& requests);
  std::vector<double> pointValues(std::span<const SampledField> fields, int totalComponents) const;

  const SamplingMesh& mesh_;
  const parallel::Communicator& comm_;
  std::vector<Vec3> points_;
  InterpolationScheme scheme_;
  std::vector<GlobalLabel> cellIds_;
  // The contributions this rank adds, evaluated in this order per point: cells, boundary faces, mesh points.
  std::vector<Term> cellTerms_;
  std::vector<Term> boundaryTerms_;
  std::vector<Term> pointTerms_;
  // cellPoint(Face): the mesh points whose values are needed (same list on all ranks).
  std::vector<GlobalLabel> needed_;                 ///< global point ids, sorted
  std::vector<Label> neededLocal_;                  ///< per needed point: local point or -1
  std::vector<std::vector<Weighted>> pointCells_;   ///< per needed point: owned cells sharing it
  std::vector<std::vector<Weighted>> pointFaces_;   ///< per needed point: boundary faces of value patches
  std::vector<double> cellWeightSum_;               ///< per needed point, over all ranks
  std::vector<double> faceWeightSum_;
};

}  // namespace sluice::output
