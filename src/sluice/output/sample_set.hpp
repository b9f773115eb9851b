#pragma once
// A sampling set of OpenFOAM's `sets` function object: its points and the
// coordinate written in front of the values.
//
//   line { type uniform; axis distance; start (0 0.5 0); end (1 0.5 0); nPoints 11; }
//   pts  { type cloud; axis xyz; points ((0.1 0.1 0) (0.5 0.5 0)); }
//   cut  { type face; axis y; start (0.2 0 0.005); end (0.2 0.5 0.005); }
//
// Types: uniform (also spelt lineUniform): nPoints points evenly spaced from
// start to end, both included; cloud (also spelt points): the listed points;
// face: where the line from start to end crosses mesh faces (face_set.hpp;
// nPoints, if given, is not used, as in OpenFOAM). Axis: distance (along
// the set from its first point; face sets: from start), x, y, z, or xyz
// (three columns).
//
//   SampleSetSpec s = SampleSetSpec::read(dict, "line");   // InputError naming file and entry
//   std::vector<Vec3> pts = s.points();                    // uniform, cloud: no mesh needed
//   std::vector<double> d = s.distances();                 // per point
#include <string>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/io/dictionary.hpp"

namespace sluice::output {

enum class SetAxis { distance, x, y, z, xyz };

struct SampleSetSpec {
  std::string name;
  std::string type;        ///< "uniform", "cloud" or "face" (aliases normalised)
  SetAxis axis = SetAxis::distance;
  Vec3 start, end;         ///< uniform, face
  int nPoints = 0;         ///< uniform
  std::vector<Vec3> cloud; ///< cloud

  /// Reads the set's dictionary (`dict` is the set's own sub-dictionary).
  static SampleSetSpec read(const io::Dictionary& dict, const std::string& name);

  /// The points depend on the mesh (type face: see faceSetSamples).
  bool onMeshFaces() const { return type == "face"; }
  /// uniform and cloud sets (throws sluice::Error for face sets).
  std::vector<Vec3> points() const;
  /// Distance from the first point along the set, per point (uniform and cloud).
  std::vector<double> distances() const;
  /// Column names of the axis: {"distance"}, {"x"}, ..., {"x", "y", "z"}.
  std::vector<std::string> axisColumns() const;
  /// The axis values of a point (1 or 3 numbers).
  std::vector<double> axisValues(const Vec3& point, double distance) const;
};

}  // namespace sluice::output
