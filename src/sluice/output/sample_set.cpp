#include "sluice/output/sample_set.hpp"

#include <fmt/format.h>

#include "sluice/core/error.hpp"

namespace sluice::output {

SampleSetSpec SampleSetSpec::read(const io::Dictionary& dict, const std::string& name) {
  SampleSetSpec s;
  s.name = name;
  const std::string type = dict.getChoice("type", {"uniform", "lineUniform", "face", "cloud", "points"});
  s.type = (type == "uniform" || type == "lineUniform") ? "uniform" : type == "face" ? "face" : "cloud";
  const std::string axis = dict.getChoice("axis", {"distance", "x", "y", "z", "xyz"});
  s.axis = axis == "distance" ? SetAxis::distance
           : axis == "x"      ? SetAxis::x
           : axis == "y"      ? SetAxis::y
           : axis == "z"      ? SetAxis::z
                              : SetAxis::xyz;
  if (s.type == "uniform" || s.type == "face") {
    s.start = dict.get<Vec3>("start");
    s.end = dict.get<Vec3>("end");
    if (s.type == "uniform") {
      s.nPoints = dict.get<Label>("nPoints");
      if (s.nPoints < 2) dict.fail(fmt::format("nPoints must be at least 2, found {}", s.nPoints));
    }
    if (s.start == s.end) dict.fail("start and end are the same point");
  } else {
    s.cloud = dict.get<std::vector<Vec3>>("points");
    if (s.cloud.empty()) dict.fail("'points' is empty");
  }
  return s;
}

std::vector<Vec3> SampleSetSpec::points() const {
  if (onMeshFaces()) throw Error(fmt::format("set '{}': the points of a face set depend on the mesh", name));
  if (type != "uniform") return cloud;
  std::vector<Vec3> pts;
  const Vec3 delta = (end - start) / static_cast<Scalar>(nPoints - 1);
  for (int i = 0; i < nPoints; ++i) pts.push_back(i == nPoints - 1 ? end : start + static_cast<Scalar>(i) * delta);
  return pts;
}

std::vector<double> SampleSetSpec::distances() const {
  const std::vector<Vec3> pts = points();
  std::vector<double> d(pts.size(), 0.0);
  if (type == "uniform") {
    const Scalar length = mag(end - start);
    for (int i = 0; i < nPoints; ++i) d[i] = length * i / (nPoints - 1);
  } else {
    for (std::size_t i = 1; i < pts.size(); ++i) d[i] = d[i - 1] + mag(pts[i] - pts[i - 1]);
  }
  return d;
}

std::vector<std::string> SampleSetSpec::axisColumns() const {
  switch (axis) {
    case SetAxis::distance: return {"distance"};
    case SetAxis::x: return {"x"};
    case SetAxis::y: return {"y"};
    case SetAxis::z: return {"z"};
    case SetAxis::xyz: return {"x", "y", "z"};
  }
  return {};
}

std::vector<double> SampleSetSpec::axisValues(const Vec3& point, double distance) const {
  switch (axis) {
    case SetAxis::distance: return {distance};
    case SetAxis::x: return {point.x};
    case SetAxis::y: return {point.y};
    case SetAxis::z: return {point.z};
    case SetAxis::xyz: return {point.x, point.y, point.z};
  }
  return {};
}

}  // namespace sluice::output
