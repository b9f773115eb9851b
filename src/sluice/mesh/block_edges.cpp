#include "sluice/mesh/block_edges.hpp"

#include <cmath>
#include <numbers>
#include <utility>

#include "sluice/core/error.hpp"

namespace sluice::mesh {

namespace {

Vec3 unit(const Vec3& v) { return v / mag(v); }

}  // namespace

BlockEdge BlockEdge::line(Label start, Label end, const Vec3& p0, const Vec3& p1) {
  BlockEdge e;
  e.kind_ = Kind::Line;
  e.start_ = start;
  e.end_ = end;
  e.p0_ = p0;
  e.p1_ = p1;
  return e;
}

BlockEdge BlockEdge::arcThroughPoint(Label start, Label end, const Vec3& p0, const Vec3& p1, const Vec3& mid,
                                     const std::string& what) {
  // Circumcentre of the triangle p0, mid, p1.
  const Vec3 a = mid - p0;
  const Vec3 b = p1 - p0;
  const Vec3 n = cross(a, b);
  const Scalar n2 = magSqr(n);
  const Scalar scale = std::max(magSqr(a), magSqr(b));
  if (n2 <= 1e-20 * scale * scale || scale == 0)
    throw InputError(what + ": the end points and the arc point are collinear (no circle through them)");
  const Vec3 centre = p0 + (cross(n, a) * magSqr(b) + cross(b, n) * magSqr(a)) / (2 * n2);

  // Going round n (counter-clockwise) from p0 meets mid before p1: the
  // triangle p0, mid, p1 is counter-clockwise about n.
  BlockEdge e = arcAbout(start, end, p0, p1, centre, n);
  if (e.angle_ <= 0) e.angle_ += 2 * std::numbers::pi;
  return e;
}

BlockEdge BlockEdge::arcAboutOrigin(Label start, Label end, const Vec3& p0, const Vec3& p1, const Vec3& origin,
                                    Scalar radiusFactor, const std::string& what) {
  Vec3 centre = origin;
  Vec3 r0 = p0 - centre;
  Vec3 r1 = p1 - centre;
  const Scalar m0 = mag(r0), m1 = mag(r1);
  if (m0 == 0 || m1 == 0) throw InputError(what + ": an end point coincides with the origin");
  Vec3 axis = cross(r0, r1);
  if (mag(axis) <= 1e-10 * m0 * m1)
    throw InputError(what + ": the end points and the origin are collinear (arc plane undefined)");

  Scalar radius = 0.5 * (m0 + m1);
  const Vec3 chord = p1 - p0;
  const bool adjust = std::abs(m0 - m1) > 1e-12 * radius || radiusFactor != 1;
  if (adjust) {
    radius *= radiusFactor;
    radius = std::max(radius, 1.001 * 0.5 * mag(chord));
    // Move the centre along the chord's bisector (towards the origin's side)
    // so that both end points are at `radius`.
    const Scalar h = std::sqrt(std::max(radius * radius - 0.25 * magSqr(chord), 0.0));
    centre = 0.5 * (p0 + p1) + h * unit(cross(axis, chord));
    r0 = p0 - centre;
    r1 = p1 - centre;
    axis = cross(r0, r1);
  }

  return arcAbout(start, end, p0, p1, centre, axis);  // angle in (0, pi): the shorter way
}

BlockEdge BlockEdge::arcAbout(Label start, Label end, const Vec3& p0, const Vec3& p1, const Vec3& centre,
                              const Vec3& axis) {
  BlockEdge e = line(start, end, p0, p1);
  e.kind_ = Kind::Arc;
  e.centre_ = centre;
  const Vec3 r0 = p0 - centre;
  const Vec3 r1 = p1 - centre;
  e.radius_ = mag(r0);
  e.e1_ = unit(r0);
  e.e2_ = unit(cross(axis, e.e1_));
  e.angle_ = std::atan2(dot(r1, e.e2_), dot(r1, e.e1_));
  return e;
}

Vec3 BlockEdge::position(Scalar lambda) const {
  if (lambda <= 0) return backwards_ ? p1_ : p0_;
  if (lambda >= 1) return backwards_ ? p0_ : p1_;
  if (kind_ == Kind::Line) {
    const Vec3& a = backwards_ ? p1_ : p0_;
    const Vec3& b = backwards_ ? p0_ : p1_;
    return a + (b - a) * lambda;
  }
  const Scalar phi = angle_ * (backwards_ ? 1 - lambda : lambda);
  return centre_ + radius_ * (std::cos(phi) * e1_ + std::sin(phi) * e2_);
}

Scalar BlockEdge::length() const { return kind_ == Kind::Line ? mag(p1_ - p0_) : radius_ * angle_; }

BlockEdge BlockEdge::reversed() const {
  BlockEdge e = *this;
  std::swap(e.start_, e.end_);
  e.backwards_ = !backwards_;
  return e;
}

}  // namespace sluice::mesh
