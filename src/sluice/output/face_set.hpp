#pragma once
// The sample points of OpenFOAM's `face` set type (faceOnlySet): where the
// line from `start` to `end` crosses mesh faces, in order along the line.
// OpenFOAM tracks a particle from the start (or from where the line enters
// the mesh) towards the end and samples at every face it hits; it stops at
// the first face hit at or past the end, so when the end lies inside the
// mesh the exit face of the end's cell is sampled too (a point beyond `end`);
// when the end lies outside, the last sample is where the line leaves the
// mesh. nPoints is not used. Collective: every rank intersects the line
// with its own faces and all ranks get the same merged list.
//
//   std::vector<FaceSetSample> s = faceSetSamples(mesh, {0.02, 0.2, 0.005}, {0.02, 0.25, 0.005}, comm);
//   s[i].point, s[i].distance (|point - start|), s[i].face (global face id),
//   s[i].cell (global id of the cell the line enters there; the owner on boundary faces)
//
// Crossings are found on the faces' triangle fans from their first point
// (exact for planar faces). A line through an edge or a corner crosses
// several faces at one place: one sample, on the face with the lowest
// global id. Faces the line runs within are not crossed. Difference from
// OpenFOAM: a line that leaves and re-enters the mesh is sampled on every
// part (OpenFOAM v1912 drops the last part when the end lies inside the
// mesh).
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/output/sampling_mesh.hpp"
#include "sluice/parallel/communicator.hpp"

namespace sluice::output {

struct FaceSetSample {
  Vec3 point;
  Scalar distance = 0;   ///< |point - start|
  GlobalLabel face = -1; ///< global face id
  GlobalLabel cell = -1; ///< global cell id
};

/// Collective: the face crossings of the line start -> end, sorted along it.
std::vector<FaceSetSample> faceSetSamples(const SamplingMesh& mesh, const Vec3& start, const Vec3& end,
                                          const parallel::Communicator& comm);

}  // namespace sluice::output
