#include "sluice/output/vtk_writer.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <regex>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/output/output_files.hpp"
#include "sluice/output/vtk_cells.hpp"
#include "sluice/parallel/parallel_error.hpp"
#include "sluice/parallel/fault_injection.hpp"

namespace sluice::output {

namespace {

template <class T>
std::shared_ptr<const VtkArray> shared(std::string name, const std::vector<T>& values) {
  return std::make_shared<const VtkArray>(vtkArray(std::move(name), std::span<const T>(values)));
}

/// Cell data of every internal piece, added per write by attachInternalMesh.
constexpr std::array<std::string_view, 2> kInternalFixedArrays{"cellId", "rank"};

bool writesBoundary(const mesh::Patch& p) { return p.type != "empty" && p.type != "processor"; }

}  // namespace

VtkWriter::VtkWriter(std::filesystem::path caseDir, std::string caseName, const mesh::PolyMesh& mesh,
                     std::span<const GlobalLabel> globalCellIds, const parallel::Communicator& comm)
    : caseDir_(std::move(caseDir)), caseName_(std::move(caseName)), mesh_(mesh), comm_(comm) {
  const Label nCells = mesh.nCells();
  if (static_cast<Label>(globalCellIds.size()) < nCells)
    throw Error(fmt::format("VtkWriter: {} global cell ids for {} cells", globalCellIds.size(), nCells));
  nBoundaryFaces_ = mesh.nFaces() - mesh.nInternalFaces();
  globalCellIds_ = globalCellIds.first(static_cast<std::size_t>(nCells));
  // The internal mesh arrays are built per write (see attachInternalMesh).
  internal_.nPoints = mesh.nPoints();
  internal_.nCells = nCells;

  // Boundary: faces of the written patches, their points renumbered compactly.
  std::vector<std::int32_t> patchIds;
  for (std::size_t pi = 0; pi < mesh.patches().size(); ++pi) {
    const mesh::Patch& p = mesh.patches()[pi];
    if (!writesBoundary(p)) continue;
    for (Label f = p.start; f < p.start + p.size; ++f) {
      boundaryFaces_.push_back(f);
      patchIds.push_back(static_cast<std::int32_t>(pi));
    }
  }
  std::vector<Label> pointMap(mesh.nPoints(), -1);
  std::vector<Vec3> points;
  std::vector<std::int64_t> connectivity, offsets;
  std::vector<std::uint8_t> types;
  for (Label f : boundaryFaces_) {
    const auto face = mesh.faces()[f];
    for (Label v : face) {
      if (pointMap[v] < 0) {
        pointMap[v] = static_cast<Label>(points.size());
        points.push_back(mesh.points()[v]);
      }
      connectivity.push_back(pointMap[v]);
    }
    offsets.push_back(static_cast<std::int64_t>(connectivity.size()));
    types.push_back(vtkPolygonType(face.size()));
  }
  boundary_.nPoints = static_cast<std::int64_t>(points.size());
  boundary_.nCells = static_cast<std::int64_t>(boundaryFaces_.size());
  boundary_.points = shared("Points", points);
  boundary_.cells = {shared("connectivity", connectivity), shared("offsets", offsets), shared("types", types)};
  boundary_.cellData = {shared("patchId", patchIds),
                        shared("rank", std::vector<std::int32_t>(boundaryFaces_.size(), comm.rank()))};
  boundaryFixedData_ = boundary_.cellData.size();
}

void VtkWriter::attachInternalMesh(VtuPiece& piece) const {
  const VtkCells cells = vtkCells(mesh_);
  piece.points = shared("Points", mesh_.points());
  piece.cells = {shared("connectivity", cells.connectivity), shared("offsets", cells.offsets),
                 shared("types", cells.types)};
  if (cells.hasPolyhedra()) {
    piece.cells.push_back(shared("faces", cells.faces));
    piece.cells.push_back(shared("faceoffsets", cells.faceOffsets));
  }
  const std::vector<std::int64_t> ids(globalCellIds_.begin(), globalCellIds_.end());
  piece.cellData.insert(piece.cellData.begin(),
                        {shared("cellId", ids), shared("rank", std::vector<std::int32_t>(ids.size(), comm_.rank()))});
}

namespace {

std::string regexEscaped(const std::string& text) {
  static const std::regex special(R"([.^$|()\[\]{}*+?\\])");
  return std::regex_replace(text, special, R"(\$&)");
}

}  // namespace

std::filesystem::path VtkWriter::seriesFile() const { return caseDir_ / "VTK" / (caseName_ + ".pvd"); }

std::filesystem::path VtkWriter::timeDirectory(int index) const {
  return caseDir_ / "VTK" / fmt::format("{}_{}", caseName_, index);
}

void VtkWriter::requireOpen(const char* what) const {
  if (!open_) throw Error(fmt::format("VtkWriter::{} called outside beginTime/endTime", what));
}

void VtkWriter::checkName(const std::string& name, const std::vector<std::shared_ptr<const VtkArray>>& existing,
                          std::span<const std::string_view> reserved) const {
  for (std::string_view r : reserved)
    if (name == r) throw Error(fmt::format("VtkWriter: array '{}' added twice (or a reserved name)", name));
  for (const auto& a : existing)
    if (a->name == name) throw Error(fmt::format("VtkWriter: array '{}' added twice (or a reserved name)", name));
}

void VtkWriter::beginTime(Scalar time) {
  if (open_) throw Error("VtkWriter::beginTime called twice without endTime");
  open_ = true;
  time_ = time;
  internal_.cellData.clear();
  boundary_.cellData.resize(boundaryFixedData_);
}

void VtkWriter::addCellField(const std::string& name, std::span<const double> values) {
  requireOpen("addCellField");
  checkName(name, internal_.cellData, kInternalFixedArrays);
  if (static_cast<std::int64_t>(values.size()) < internal_.nCells)
    throw Error(fmt::format("VtkWriter: field '{}' has {} values for {} cells", name, values.size(), internal_.nCells));
  internal_.cellData.push_back(std::make_shared<const VtkArray>(vtkArray(name, values.first(internal_.nCells))));
}

void VtkWriter::addCellField(const std::string& name, std::span<const Vec3> values) {
  requireOpen("addCellField");
  checkName(name, internal_.cellData, kInternalFixedArrays);
  if (static_cast<std::int64_t>(values.size()) < internal_.nCells)
    throw Error(fmt::format("VtkWriter: field '{}' has {} values for {} cells", name, values.size(), internal_.nCells));
  internal_.cellData.push_back(std::make_shared<const VtkArray>(vtkArray(name, values.first(internal_.nCells))));
}

void VtkWriter::addBoundaryField(const std::string& name, std::span<const double> boundaryFaceValues) {
  requireOpen("addBoundaryField");
  checkName(name, boundary_.cellData);
  if (static_cast<Label>(boundaryFaceValues.size()) < nBoundaryFaces_)
    throw Error(fmt::format("VtkWriter: boundary field '{}' has {} values for {} boundary faces", name,
                            boundaryFaceValues.size(), nBoundaryFaces_));
  std::vector<double> selected;
  selected.reserve(boundaryFaces_.size());
  for (Label f : boundaryFaces_) selected.push_back(boundaryFaceValues[f - mesh_.nInternalFaces()]);
  boundary_.cellData.push_back(shared(name, selected));
}

void VtkWriter::addBoundaryField(const std::string& name, std::span<const Vec3> boundaryFaceValues) {
  requireOpen("addBoundaryField");
  checkName(name, boundary_.cellData);
  if (static_cast<Label>(boundaryFaceValues.size()) < nBoundaryFaces_)
    throw Error(fmt::format("VtkWriter: boundary field '{}' has {} values for {} boundary faces", name,
                            boundaryFaceValues.size(), nBoundaryFaces_));
  std::vector<Vec3> selected;
  selected.reserve(boundaryFaces_.size());
  for (Label f : boundaryFaces_) selected.push_back(boundaryFaceValues[f - mesh_.nInternalFaces()]);
  boundary_.cellData.push_back(shared(name, selected));
}

std::vector<std::string> VtkWriter::pieceNames(const char* prefix) const {
  std::vector<std::string> names;
  for (int r = 0; r < comm_.size(); ++r) names.push_back(fmt::format("{}_{}.vtu", prefix, r));
  return names;
}

void VtkWriter::writeFiles(int index, Scalar time, VtuPiece internal, const VtuPiece& boundary) const {
  const std::filesystem::path dir = timeDirectory(index);
  const std::string comment = fmt::format("case='{}' time='{}' index='{}'", caseName_, time, index);
  internal.comment = comment;
  VtuPiece boundaryPiece = boundary;
  boundaryPiece.comment = comment;
  attachInternalMesh(internal);
  if (index == 0) parallel::failIfInjected(comm_.rank(), "write");
  createDirectories(dir);
  writeVtu(dir / fmt::format("internal_{}.vtu", comm_.rank()), internal);
  writeVtu(dir / fmt::format("boundary_{}.vtu", comm_.rank()), boundaryPiece);
  if (comm_.isRoot()) {
    writePvtu(dir / "internal.pvtu", internal, pieceNames("internal"));
    writePvtu(dir / "boundary.pvtu", boundaryPiece, pieceNames("boundary"));
  }
}

std::function<void()> VtkWriter::takeWrite() {
  requireOpen("takeWrite");
  open_ = false;
  const int index = nWrites() + nPending();
  pending_.push_back(time_);
  // The pieces share their arrays (shared_ptr), so these copies are cheap;
  // the writer starts the next time with fresh field lists.
  VtuPiece internal = internal_, boundary = boundary_;
  internal_.cellData.clear();
  boundary_.cellData.resize(boundaryFixedData_);
  return [this, index, time = time_, internal = std::move(internal), boundary = std::move(boundary)] {
    writeFiles(index, time, internal, boundary);
  };
}

std::function<void()> VtkWriter::commitNext() {
  if (pending_.empty()) throw Error("VtkWriter::commitNext: no write to commit");
  times_.push_back(pending_.front());
  pending_.pop_front();
  if (!comm_.isRoot()) return {};
  return [this, times = times_] { writeSeries(times); };
}

void VtkWriter::endTime() {
  std::function<void()> job = takeWrite();
  parallel::collectively(comm_, [&] { job(); });
  // Every piece exists now: list the time in the series.
  std::function<void()> series = commitNext();
  parallel::onRoot(comm_, [&] { series(); });
}

void VtkWriter::writeSeries(const std::vector<Scalar>& times) const {
  std::vector<PvdEntry> entries;
  for (std::size_t i = 0; i < times.size(); ++i) {
    const std::string folder = timeDirectory(static_cast<int>(i)).filename().string();
    entries.push_back({times[i], folder + "/internal.pvtu", "internal", 0});
    entries.push_back({times[i], folder + "/boundary.pvtu", "boundary", 1});
  }
  writePvd(seriesFile(), entries);
}

void VtkWriter::startSeries(Scalar startTime, bool keepStartTime) {
  if (open_ || !times_.empty() || !pending_.empty()) throw Error("VtkWriter::startSeries called after a write");
  const std::filesystem::path vtkDir = caseDir_ / "VTK";
  std::vector<double> kept;
  parallel::onRoot(comm_, [&] {
    // The earlier series' internal pieces in index order: "<case>_<i>/internal.pvtu" at time t.
    const Scalar tolerance = 1e-9 * std::max<Scalar>(1, std::abs(startTime));
    const Scalar from = keepStartTime ? startTime + tolerance : startTime - tolerance;
    std::error_code ec;
    if (std::filesystem::exists(seriesFile(), ec)) {
      std::ifstream in(seriesFile());
      const std::regex entry("timestep=\"([^\"]+)\"[^>]*file=\"" + regexEscaped(caseName_) +
                             "_([0-9]+)/internal\\.pvtu\"");
      std::smatch m;
      for (std::string line; std::getline(in, line);) {
        if (!std::regex_search(line, m, entry)) continue;
        const double t = std::strtod(m[1].str().c_str(), nullptr);
        if (std::stoul(m[2].str()) != kept.size() || !(t < from)) break;
        kept.push_back(t);
      }
    }
    const std::regex folder(regexEscaped(caseName_) + "_([0-9]+)");
    std::vector<std::filesystem::path> remove;
    if (std::filesystem::is_directory(vtkDir, ec))
      for (const auto& e : std::filesystem::directory_iterator(vtkDir, ec)) {
        std::smatch m;
        const std::string name = e.path().filename().string();
        if (e.is_directory() && std::regex_match(name, m, folder) && std::stoul(m[1].str()) >= kept.size())
          remove.push_back(e.path());
      }
    for (const auto& p : remove) {
      std::filesystem::remove_all(p, ec);
      if (ec) throw InputError(fmt::format("{}: cannot remove earlier output: {}", p.string(), ec.message()));
    }
  });
  long long n = static_cast<long long>(kept.size());
  comm_.broadcast(std::span<long long>(&n, 1));
  kept.resize(static_cast<std::size_t>(n));
  comm_.broadcast(std::span<double>(kept));
  times_.assign(kept.begin(), kept.end());
  parallel::onRoot(comm_, [&] {
    std::error_code ec;
    if (!times_.empty()) writeSeries(times_);
    else std::filesystem::remove(seriesFile(), ec);
  });
}

}  // namespace sluice::output
