#include "sluice/mesh/mesh_check.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/core/json_writer.hpp"

namespace sluice::mesh {

namespace {

constexpr Scalar kTiny = 1e-300;
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

std::string vecText(const Vec3& v) { return fmt::format("({:.6g} {:.6g} {:.6g})", v.x, v.y, v.z); }

}  // namespace

std::vector<Scalar> faceSkewness(const PolyMesh& mesh, const MeshGeometry& g) {
  checkSizes(mesh, g);
  const Label nFaces = mesh.nFaces();
  const Label nInternal = mesh.nInternalFaces();
  std::vector<Scalar> skew(nFaces, 0.0);
  for (Label f = 0; f < nFaces; ++f) {
    const Scalar magS = g.faceAreaMags[f];
    if (magS < kTiny) continue;  // degenerate face: no plane
    const Vec3 n = g.faceAreas[f] / magS;
    const Vec3& cf = g.faceCentres[f];
    const Vec3& cp = g.cellCentres[mesh.owner()[f]];
    if (f < nInternal) {
      const Vec3& cn = g.cellCentres[mesh.neighbour()[f]];
      const Vec3 d = cn - cp;
      const Scalar magD = mag(d);
      if (magD < kTiny) continue;
      const Scalar nDotD = dot(n, d);
      Vec3 crossing;
      if (std::abs(nDotD) > 1e-12 * magD) {
        crossing = cp + (dot(n, cf - cp) / nDotD) * d;
      } else {  // centre line parallel to the face plane
        const Scalar dOwn = mag(cf - cp);
        const Scalar dNei = mag(cn - cf);
        crossing = dOwn + dNei > kTiny ? cp + (dOwn / (dOwn + dNei)) * d : cp;
      }
      skew[f] = mag(cf - crossing) / magD;
    } else {
      const Vec3 cpf = cf - cp;
      const Scalar normal = dot(n, cpf);
      skew[f] = mag(cpf - normal * n) / std::max(std::abs(normal), kTiny);
    }
  }
  return skew;
}

std::vector<Scalar> cellAspectRatio(const PolyMesh& mesh, const MeshGeometry& g) {
  checkSizes(mesh, g);
  const Label nCells = mesh.nCells();
  std::vector<Vec3> sumMag(nCells);
  auto add = [&](Label cell, const Vec3& s) { sumMag[cell] += Vec3{std::abs(s.x), std::abs(s.y), std::abs(s.z)}; };
  for (Label f = 0; f < mesh.nFaces(); ++f) add(mesh.owner()[f], g.faceAreas[f]);
  for (Label f = 0; f < mesh.nInternalFaces(); ++f) add(mesh.neighbour()[f], g.faceAreas[f]);
  std::vector<Scalar> ratio(nCells, 0.0);
  for (Label c = 0; c < nCells; ++c) {
    const Vec3& a = sumMag[c];
    const Scalar hi = std::max({a.x, a.y, a.z});
    const Scalar lo = std::min({a.x, a.y, a.z});
    Scalar r = hi > 0 ? hi / std::max(lo, kTiny) : 0.0;
    const Scalar v = g.cellVolumes[c];
    if (v > 0) r = std::max(r, (a.x + a.y + a.z) / (6.0 * std::pow(v, 2.0 / 3.0)));
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
    sumMag[mesh.owner()[f]] += g.faceAreaMags[f];
  }
  for (Label f = 0; f < mesh.nInternalFaces(); ++f) {
    sum[mesh.neighbour()[f]] -= g.faceAreas[f];
    sumMag[mesh.neighbour()[f]] += g.faceAreaMags[f];
  }
  std::vector<Scalar> openness(nCells, 1.0);
  for (Label c = 0; c < nCells; ++c)
    if (sumMag[c] > kTiny) openness[c] = mag(sum[c]) / sumMag[c];
  return openness;
}

MeshReport checkMesh(const PolyMesh& mesh, const MeshGeometry& g) {
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
    if (!(v > 0)) badVolume.add(fmt::format("cell {}: non-positive volume {:.1e}", c, v));
  }

  // Openness and face counts.
  ErrorList open("open cells");
  const std::vector<Scalar> openness = cellOpenness(mesh, g);
  for (Label c = 0; c < r.cells; ++c) {
    r.maxCellOpenness = std::max(r.maxCellOpenness, openness[c]);
    if (openness[c] > kOpennessTolerance)
      open.add(fmt::format("cell {}: open, |sum Sf|/sum|Sf| = {:.1e}", c, openness[c]));
  }
  ErrorList fewFaces("cells with fewer than 4 faces");
  {
    std::vector<Label> count(r.cells, 0);
    for (Label f = 0; f < r.faces; ++f) ++count[mesh.owner()[f]];
    for (Label f = 0; f < r.internalFaces; ++f) ++count[mesh.neighbour()[f]];
    for (Label c = 0; c < r.cells; ++c)
      if (count[c] < 4) fewFaces.add(fmt::format("cell {}: {} faces (at least 4 needed)", c, count[c]));
  }

  // Unused points.
  ErrorList unused("points not used by any face");
  {
    std::vector<char> used(r.points, 0);
    for (Label v : mesh.faces().vertices()) used[v] = 1;
    for (Label p = 0; p < r.points; ++p)
      if (!used[p]) unused.add(fmt::format("point {} is not used by any face", p));
  }

  // Non-orthogonality (internal faces).
  Label nonOrthCount = 0, worstNonOrth = -1;
  Scalar sumNonOrth = 0;
  for (Label f = 0; f < r.internalFaces; ++f) {
    const Scalar a = g.nonOrthogonality[f];
    sumNonOrth += a;
    if (worstNonOrth < 0 || a > r.maxNonOrthogonality) {
      r.maxNonOrthogonality = a;
      worstNonOrth = f;
    }
    if (a > kNonOrthogonalityWarning) ++nonOrthCount;
  }
  if (r.internalFaces > 0) r.averageNonOrthogonality = sumNonOrth / r.internalFaces;

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

  for (Scalar a : cellAspectRatio(mesh, g)) r.maxAspectRatio = std::max(r.maxAspectRatio, a);

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
