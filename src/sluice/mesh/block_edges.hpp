#pragma once
// Shapes of blockMesh block edges between two vertices: straight lines and
// circular arcs (through a point, or about an origin as in OpenFOAM v1912's
// `arc 0 1 origin (0 0 0)`). An edge maps a parameter lambda in [0, 1] to a
// point; arcs are parametrised by angle, which is arc length.
//
//   BlockEdge arc = BlockEdge::arcThroughPoint(0, 1, p0, p1, mid, "system/blockMeshDict:20:5: arc 0 1");
//   Vec3 half = arc.position(0.5);
//   BlockEdge back = arc.reversed();   // runs from vertex 1 to vertex 0
#include <string>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"

namespace sluice::mesh {

class BlockEdge {
 public:
  enum class Kind { Line, Arc };

  /// Straight edge from vertex `start` (at p0) to vertex `end` (at p1).
  static BlockEdge line(Label start, Label end, const Vec3& p0, const Vec3& p1);
  /// Circular arc from p0 to p1 through `mid`. `what` prefixes error
  /// messages (InputError "<what>: ..."), e.g. a file position and "arc 0 1".
  static BlockEdge arcThroughPoint(Label start, Label end, const Vec3& p0, const Vec3& p1, const Vec3& mid,
                                   const std::string& what);
  /// Circular arc (shorter way round) from p0 to p1 about `origin`. If the
  /// end points are not equidistant from the origin, the radius is their
  /// mean distance times `radiusFactor` and the centre moves along the
  /// chord's bisector, as OpenFOAM does.
  static BlockEdge arcAboutOrigin(Label start, Label end, const Vec3& p0, const Vec3& p1, const Vec3& origin,
                                  Scalar radiusFactor, const std::string& what);

  Kind kind() const { return kind_; }
  bool isCurved() const { return kind_ != Kind::Line; }
  Label start() const { return start_; }
  Label end() const { return end_; }
  /// Point at parameter lambda (0: start vertex, 1: end vertex, exactly).
  Vec3 position(Scalar lambda) const;
  Scalar length() const;
  /// The same curve traversed from end to start.
  BlockEdge reversed() const;

  // Arc data (meaningful for Kind::Arc).
  const Vec3& centre() const { return centre_; }
  Scalar radius() const { return radius_; }
  Scalar angle() const { return angle_; }  ///< swept angle in radians, (0, 2 pi)

 private:
  /// Arc from p0 to p1 about `centre`, turning about `axis` (right-hand rule)
  /// by the angle of p1 from p0, in (-pi, pi].
  static BlockEdge arcAbout(Label start, Label end, const Vec3& p0, const Vec3& p1, const Vec3& centre,
                            const Vec3& axis);

  Kind kind_ = Kind::Line;
  Label start_ = -1, end_ = -1;
  Vec3 p0_, p1_;
  // Arc: position = centre + radius (cos(phi) e1 + sin(phi) e2), phi = angle*lambda,
  // or angle*(1-lambda) when traversed backwards.
  Vec3 centre_, e1_, e2_;
  Scalar radius_ = 0, angle_ = 0;
  bool backwards_ = false;
};

}  // namespace sluice::mesh
