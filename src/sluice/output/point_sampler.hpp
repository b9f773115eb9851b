#pragma once
// Values of cell fields at fixed points, in parallel: each point is found on
// the rank owning the cell that contains it (lowest global cell id when the
// point lies on a shared face, edge or corner), interpolated there and
// collected on every rank.
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
//
//   SamplingMesh sm(distributed);
//   PointSampler sampler(sm, points, InterpolationScheme::cellPoint, comm);   // collective
//   SampledField p{1, pCells, pBoundaryFaces};
//   std::vector<std::vector<double>> v = sampler.sample(std::span(&p, 1));    // collective
//   v[0][i] (NaN where !sampler.found(i)); vectors: v[f][3*i + k]
#include <array>
#include <span>
#include <string>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/output/sampling_mesh.hpp"
#include "sluice/parallel/communicator.hpp"

namespace sluice::output {

enum class InterpolationScheme { cell, cellPoint };

/// "cell" / "cellPoint".
const char* schemeName(InterpolationScheme scheme);

/// One field's values on this rank.
struct SampledField {
  int components = 1;                      ///< 1 (scalar) or 3 (vector)
  std::span<const double> cells;           ///< owned cells x components (more entries are ignored)
  std::span<const double> boundaryFaces;   ///< boundary faces x components (face f at f - nInternalFaces), or empty:
                                           ///< the owner cell's value is used (zero gradient)
};

class PointSampler {
 public:
  /// Collective: locates every point (all ranks pass the same points).
  PointSampler(const SamplingMesh& mesh, std::vector<Vec3> points, InterpolationScheme scheme,
               const parallel::Communicator& comm);

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
  struct Owned {                 ///< a point found in one of this rank's cells
    std::size_t index;           ///< into points_
    Label cell;                  ///< local cell
    Label tetPoints[3] = {-1, -1, -1};  ///< cellPoint: indices into needed_
    Scalar weights[4] = {1, 0, 0, 0};   ///< cellPoint: cell centre, then the three points
  };
  struct Weighted {
    Label index;  ///< cell or face
    Scalar weight;
  };
  void setUpPointInterpolation(const std::vector<std::array<GlobalLabel, 3>>& tetGlobalPoints);
  std::vector<double> pointValues(std::span<const SampledField> fields, int totalComponents) const;

  const SamplingMesh& mesh_;
  const parallel::Communicator& comm_;
  std::vector<Vec3> points_;
  InterpolationScheme scheme_;
  std::vector<GlobalLabel> cellIds_;
  std::vector<Owned> owned_;
  // cellPoint: the mesh points whose values are needed (same list on all ranks).
  std::vector<GlobalLabel> needed_;                 ///< global point ids, sorted
  std::vector<Label> neededLocal_;                  ///< per needed point: local point or -1
  std::vector<std::vector<Weighted>> pointCells_;   ///< per needed point: owned cells sharing it
  std::vector<std::vector<Weighted>> pointFaces_;   ///< per needed point: boundary faces of value patches
  std::vector<double> cellWeightSum_;               ///< per needed point, over all ranks
  std::vector<double> faceWeightSum_;
};

}  // namespace sluice::output
