#include "sluice/mesh/mesh_check.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/core/json_writer.hpp"

namespace sluice::mesh {

namespace {

constexpr Scalar kTiny = 1e-300;
// OpenFOAM's constants, where the figures follow checkMesh's formulas.
constexpr Scalar kRootVSmall = 1e-150;  // ROOTVSMALL
constexpr Scalar kVGreat = 1e300;       // VGREAT
constexpr Scalar kOpennessTolerance = 1e-12;
constexpr Scalar kNonOrthogonalityWarning = 70.0;  // degrees
constexpr Scalar kSkewnessWarning = 4.0;
constexpr std::size_t kMaxListed = 10;

/// Collects messages of one kind, keeping the first kMaxListed.
class ErrorList {
 public:
  explicit ErrorList(std::string restDescription) : rest_(std::move(restDescription)) {}
  void add(std::string message) {
    if (listed_.size() < kMaxListed)
      listed_.push_back(std::move(message));
    else
      ++more_;
  }
  void appendTo(std::vector<std::string>& out) const {
    out.insert(out.end(), listed_.begin(), listed_.end());
    if (more_ > 0) out.push_back(fmt::format("... and {} more {}", more_, rest_));
  }

 private:
  std::string rest_;
  std::vector<std::string> listed_;
  std::size_t more_ = 0;
};

void checkSizes(const PolyMesh& mesh, const MeshGeometry& g) {
  if (static_cast<Label>(g.faceCentres.size()) != mesh.nFaces() ||
      static_cast<Label>(g.cellVolumes.size()) != mesh.nCells())
    throw Error("checkMesh: geometry was computed for a different mesh");
}

Scalar degrees(Scalar radians) { return radians * 180.0 / std::numbers::pi; }

std::string vecText(const Vec3& v) { return fmt::format("({:.6g} {:.6g} {:.6g})", v.x, v.y, v.z); }

/// OpenFOAM's skewness of face f seen along d from the owner centre: the
/// vector sv from the point where the line through the owner centre along d
/// crosses the face plane to the face centre, over the larger of
/// `fraction` |d| and the face's extent along sv (the largest |svHat . (p - C_f)|
/// over its points). ROOTVSMALL guards the divisions as in OpenFOAM.
Scalar skewnessAlong(const PolyMesh& mesh, const MeshGeometry& g, Label f, const Vec3& cpf, const Vec3& d,
                     Scalar fraction) {
  const Vec3& s = g.faceAreas[f];
  const Vec3& cf = g.faceCentres[f];
  const Vec3 sv = cpf - (dot(s, cpf) / (dot(s, d) + kRootVSmall)) * d;
  const Scalar magSv = mag(sv);
  const Vec3 svHat = sv / (magSv + kRootVSmall);
  Scalar extent = fraction * mag(d) + kRootVSmall;
  for (Label v : mesh.faces()[f]) extent = std::max(extent, std::abs(dot(svHat, mesh.points()[v] - cf)));
  return magSv / extent;
}

}  // namespace

std::vector<Scalar> faceSkewness(const PolyMesh& mesh, const MeshGeometry& g) {
  checkSizes(mesh, g);
  const Label nInternal = mesh.nInternalFaces();
  std::vector<Scalar> skew(mesh.nFaces(), 0.0);
  for (Label f = 0; f < mesh.nFaces(); ++f) {
    const Vec3& cp = g.cellCentres[mesh.owner()[f]];
    const Vec3 cpf = g.faceCentres[f] - cp;
    if (f < nInternal) {
      skew[f] = skewnessAlong(mesh, g, f, cpf, g.cellCentres[mesh.neighbour()[f]] - cp, 0.2);
    } else {  // a mirror image of the owner across the face: d along the normal
      const Scalar magS = g.faceAreaMag(f);
      const Vec3 n = magS < kRootVSmall ? Vec3{} : g.faceAreas[f] / magS;
      skew[f] = skewnessAlong(mesh, g, f, cpf, n * dot(n, cpf), 0.4);
    }
  }
  return skew;
}

std::vector<Scalar> faceOrthogonality(const PolyMesh& mesh, const MeshGeometry& g) {
  checkSizes(mesh, g);
  std::vector<Scalar> ortho(mesh.nInternalFaces());
  for (Label f = 0; f < mesh.nInternalFaces(); ++f) {
    const Vec3 d = g.cellCentres[mesh.neighbour()[f]] - g.cellCentres[mesh.owner()[f]];
    ortho[f] = dot(d, g.faceAreas[f]) / (mag(d) * g.faceAreaMag(f) + kRootVSmall);
  }
  return ortho;
}

std::vector<Scalar> cellAspectRatio(const PolyMesh& mesh, const MeshGeometry& g, const MeshDirections& directions) {
  checkSizes(mesh, g);
  const Label nCells = mesh.nCells();
  std::vector<Vec3> sumMag(nCells);
  for (Label f = 0; f < mesh.nFaces(); ++f) sumMag[mesh.owner()[f]] += cmptMag(g.faceAreas[f]);
  for (Label f = 0; f < mesh.nInternalFaces(); ++f) sumMag[mesh.neighbour()[f]] += cmptMag(g.faceAreas[f]);
  const bool threeD = directions.nGeometric() == 3;
  std::vector<Scalar> ratio(nCells);
  for (Label c = 0; c < nCells; ++c) {
    const Vec3& a = sumMag[c];
    Scalar lo = kVGreat, hi = -kVGreat;
    for (int i = 0; i < 3; ++i)
      if (directions.geometric[i]) {
        lo = std::min(lo, a[i]);
        hi = std::max(hi, a[i]);
      }
    Scalar r = hi / (lo + kRootVSmall);
    if (threeD) {
      const Scalar v = std::max(kRootVSmall, g.cellVolumes[c]);
      r = std::max(r, 1.0 / 6.0 * (a.x + a.y + a.z) / std::pow(v, 2.0 / 3.0));
    }
    ratio[c] = r;
  }
  return ratio;
}

std::vector<Scalar> cellOpenness(const PolyMesh& mesh, const MeshGeometry& g) {
  checkSizes(mesh, g);
  const Label nCells = mesh.nCells();
  std::vector<Vec3> sum(nCells);
  std::vector<Scalar> sumMag(nCells, 0.0);
  for (Label f = 0; f < mesh.nFaces(); ++f) {
    sum[mesh.owner()[f]] += g.faceAreas[f];
    sumMag[mesh.owner()[f]] += g.faceAreaMag(f);
  }
  for (Label f = 0; f < mesh.nInternalFaces(); ++f) {
    sum[mesh.neighbour()[f]] -= g.faceAreas[f];
    sumMag[mesh.neighbour()[f]] += g.faceAreaMag(f);
  }
  std::vector<Scalar> openness(nCells, 1.0);
  for (Label c = 0; c < nCells; ++c)
    if (sumMag[c] > kTiny) openness[c] = mag(sum[c]) / sumMag[c];
  return openness;
}

MeshReport checkMesh(const PolyMesh& mesh, const MeshGeometry& g, const MeshCheckIds& ids) {
  const auto cellName = [&](Label c) { return ids.cells.empty() ? GlobalLabel{c} : ids.cells[c]; };
  const auto pointName = [&](Label p) { return ids.points.empty() ? GlobalLabel{p} : ids.points[p]; };
  checkSizes(mesh, g);
  MeshReport r;
  r.cells = mesh.nCells();
  r.faces = mesh.nFaces();
  r.internalFaces = mesh.nInternalFaces();
  r.points = mesh.nPoints();
  for (const Patch& p : mesh.patches()) r.patches.push_back({p.name, p.type, p.size});

  // Bounding box of all points.
  if (!mesh.points().empty()) {
    r.boundsMin = r.boundsMax = mesh.points().front();
    for (const Vec3& p : mesh.points())
      for (int i = 0; i < 3; ++i) {
        r.boundsMin[i] = std::min(r.boundsMin[i], p[i]);
        r.boundsMax[i] = std::max(r.boundsMax[i], p[i]);
      }
  }

  // Volumes.
  ErrorList badVolume("cells with non-positive volume");
  if (r.cells > 0) {
    r.minVolume = std::numeric_limits<Scalar>::max();
    r.maxVolume = std::numeric_limits<Scalar>::lowest();
  }
  for (Label c = 0; c < r.cells; ++c) {
    const Scalar v = g.cellVolumes[c];
    r.volume += v;
    r.minVolume = std::min(r.minVolume, v);
    r.maxVolume = std::max(r.maxVolume, v);
    if (!(v > 0)) badVolume.add(fmt::format("cell {}: non-positive volume {:.1e}", cellName(c), v));
  }

  // Openness and face counts.
  ErrorList open("open cells");
  const std::vector<Scalar> openness = cellOpenness(mesh, g);
  for (Label c = 0; c < r.cells; ++c) {
    r.maxCellOpenness = std::max(r.maxCellOpenness, openness[c]);
    if (openness[c] > kOpennessTolerance)
      open.add(fmt::format("cell {}: open, |sum Sf|/sum|Sf| = {:.1e}", cellName(c), openness[c]));
  }
  ErrorList fewFaces("cells with fewer than 4 faces");
  {
    std::vector<Label> count(r.cells, 0);
    for (Label f = 0; f < r.faces; ++f) ++count[mesh.owner()[f]];
    for (Label f = 0; f < r.internalFaces; ++f) ++count[mesh.neighbour()[f]];
    for (Label c = 0; c < r.cells; ++c)
      if (count[c] < 4) fewFaces.add(fmt::format("cell {}: {} faces (at least 4 needed)", cellName(c), count[c]));
  }

  // Points at a non-finite position (NaN or inf in a binary points file).
  ErrorList nonFinite("points with a non-finite coordinate");
  for (Label p = 0; p < r.points; ++p) {
    const Vec3& x = mesh.points()[p];
    if (!std::isfinite(x.x) || !std::isfinite(x.y) || !std::isfinite(x.z))
      nonFinite.add(fmt::format("point {} is at ({} {} {})", pointName(p), x.x, x.y, x.z));
  }

  // Unused points.
  ErrorList unused("points not used by any face");
  {
    std::vector<char> used(r.points, 0);
    for (Label v : mesh.faces().vertices()) used[v] = 1;
    for (Label p = 0; p < r.points; ++p)
      if (!used[p]) unused.add(fmt::format("point {} is not used by any face", pointName(p)));
  }

  // Non-orthogonality over internal faces, as checkMesh: from the cosines,
  // the max is the angle of the smallest and the average the angle of their mean.
  const std::vector<Scalar> ortho = faceOrthogonality(mesh, g);
  const Scalar warnCos = std::cos(kNonOrthogonalityWarning * std::numbers::pi / 180.0);
  Label nonOrthCount = 0, worstNonOrth = -1;
  Scalar minCos = 1, sumCos = 0;
  for (Label f = 0; f < r.internalFaces; ++f) {
    sumCos += ortho[f];
    if (worstNonOrth < 0 || ortho[f] < minCos) {
      minCos = ortho[f];
      worstNonOrth = f;
    }
    if (ortho[f] < warnCos) ++nonOrthCount;
  }
  if (r.internalFaces > 0) {
    r.maxNonOrthogonality = degrees(std::acos(std::clamp(minCos, -1.0, 1.0)));
    r.averageNonOrthogonality = degrees(std::acos(std::clamp(sumCos / r.internalFaces, -1.0, 1.0)));
  }

  // Skewness (all faces).
  const std::vector<Scalar> skew = faceSkewness(mesh, g);
  Label skewCount = 0, worstSkew = -1;
  for (Label f = 0; f < r.faces; ++f) {
    if (worstSkew < 0 || skew[f] > r.maxSkewness) {
      r.maxSkewness = skew[f];
      worstSkew = f;
    }
    if (skew[f] > kSkewnessWarning) ++skewCount;
  }

  for (Scalar a : cellAspectRatio(mesh, g, meshDirections(mesh, g))) r.maxAspectRatio = std::max(r.maxAspectRatio, a);

  nonFinite.appendTo(r.errors);
  badVolume.appendTo(r.errors);
  open.appendTo(r.errors);
  fewFaces.appendTo(r.errors);
  unused.appendTo(r.errors);
  if (nonOrthCount > 0)
    r.warnings.push_back(fmt::format("{} faces with non-orthogonality above {:g} degrees (worst: face {}, {:.3g} degrees)",
                                     nonOrthCount, kNonOrthogonalityWarning, worstNonOrth, r.maxNonOrthogonality));
  if (skewCount > 0)
    r.warnings.push_back(fmt::format("{} faces with skewness above {:g} (worst: face {}, {:.3g})", skewCount,
                                     kSkewnessWarning, worstSkew, r.maxSkewness));
  return r;
}

std::string MeshReport::toText() const {
  std::string out;
  auto line = [&](std::string_view label, const std::string& value) {
    out += fmt::format("    {:<26}{}\n", std::string(label) + ":", value);
  };
  out += "Mesh stats\n";
  line("points", fmt::format("{}", points));
  line("faces", fmt::format("{}", faces));
  line("internal faces", fmt::format("{}", internalFaces));
  line("cells", fmt::format("{}", cells));
  line("boundary patches", fmt::format("{}", patches.size()));

  out += "\nPatches\n";
  std::size_t nameWidth = 4, typeWidth = 4, facesWidth = 5;
  for (const PatchReport& p : patches) {
    nameWidth = std::max(nameWidth, p.name.size());
    typeWidth = std::max(typeWidth, p.type.size());
    facesWidth = std::max(facesWidth, fmt::format("{}", p.faces).size());
  }
  out += fmt::format("    {:<{}}  {:<{}}  {:>{}}\n", "name", nameWidth, "type", typeWidth, "faces", facesWidth);
  for (const PatchReport& p : patches)
    out += fmt::format("    {:<{}}  {:<{}}  {:>{}}\n", p.name, nameWidth, p.type, typeWidth, p.faces, facesWidth);

  out += "\nGeometry\n";
  line("bounding box", vecText(boundsMin) + " " + vecText(boundsMax));
  line("total volume", fmt::format("{:.6g}", volume));
  line("cell volume min/max", fmt::format("{:.6g} / {:.6g}", minVolume, maxVolume));
  line("max non-orthogonality", fmt::format("{:.6g} degrees (average {:.6g})", maxNonOrthogonality,
                                            averageNonOrthogonality));
  line("max skewness", fmt::format("{:.6g}", maxSkewness));
  line("max aspect ratio", fmt::format("{:.6g}", maxAspectRatio));
  line("max cell openness", fmt::format("{:.3g}", maxCellOpenness));
  if (bandwidthBefore >= 0 || bandwidthAfter >= 0) {
    auto bw = [](Label b) { return b >= 0 ? fmt::format("{}", b) : std::string("-"); };
    line("bandwidth before/after", bw(bandwidthBefore) + " / " + bw(bandwidthAfter));
  }

  out += "\n";
  if (warnings.empty()) {
    out += "Warnings: none\n";
  } else {
    out += fmt::format("Warnings ({})\n", warnings.size());
    for (const auto& w : warnings) out += "    " + w + "\n";
  }
  if (errors.empty()) {
    out += "Errors: none\n\nMesh OK.\n";
  } else {
    out += fmt::format("Errors ({})\n", errors.size());
    for (const auto& e : errors) out += "    " + e + "\n";
    out += fmt::format("\nMesh check failed: {} error{}.\n", errors.size(), errors.size() == 1 ? "" : "s");
  }
  return out;
}

std::string MeshReport::toJson() const {
  JsonWriter w(2);
  auto vec = [&](const Vec3& v) { w.beginArray().value(v.x).value(v.y).value(v.z).endArray(); };
  w.beginObject();
  w.key("cells").value(cells);
  w.key("faces").value(faces);
  w.key("internalFaces").value(internalFaces);
  w.key("points").value(points);
  w.key("volume").value(volume);
  w.key("minVolume").value(minVolume);
  w.key("maxVolume").value(maxVolume);
  w.key("bounds").beginObject();
  w.key("min");
  vec(boundsMin);
  w.key("max");
  vec(boundsMax);
  w.endObject();
  w.key("maxNonOrthogonality").value(maxNonOrthogonality);
  w.key("averageNonOrthogonality").value(averageNonOrthogonality);
  w.key("maxSkewness").value(maxSkewness);
  w.key("maxAspectRatio").value(maxAspectRatio);
  w.key("maxCellOpenness").value(maxCellOpenness);
  if (bandwidthBefore >= 0) w.key("bandwidthBefore").value(bandwidthBefore);
  if (bandwidthAfter >= 0) w.key("bandwidthAfter").value(bandwidthAfter);
  w.key("patches").beginArray();
  for (const PatchReport& p : patches) {
    w.beginObject();
    w.key("name").value(p.name);
    w.key("type").value(p.type);
    w.key("faces").value(p.faces);
    w.endObject();
  }
  w.endArray();
  w.key("errors").beginArray();
  for (const auto& e : errors) w.value(e);
  w.endArray();
  w.key("warnings").beginArray();
  for (const auto& s : warnings) w.value(s);
  w.endArray();
  w.endObject();
  return w.str() + "\n";
}

}  // namespace sluice::mesh
