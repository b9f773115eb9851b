#include "sluice/output/vtk_writer.hpp"

#include <algorithm>
#include <limits>
#include <array>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <set>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/output/output_files.hpp"
#include "sluice/output/vtk_cells.hpp"
#include "sluice/output/vtk_mesh_arrays.hpp"
#include "sluice/parallel/parallel_error.hpp"
#include "sluice/parallel/fault_injection.hpp"

namespace sluice::output {

namespace {

template <class T>
std::shared_ptr<const VtkArray> shared(std::string name, const std::vector<T>& values) {
  return std::make_shared<const VtkArray>(vtkArray(std::move(name), std::span<const T>(values)));
}

/// Cell data of every piece, internal (added per write by attachInternalMesh)
/// and patch (made once by the constructor): the same names, types and order
/// in every block, as ParaView 5.11's probe (Plot Over Line after Cell Data to
/// Point Data) crashes on a multiblock whose first block has an array the
/// others lack.
constexpr std::array<std::string_view, 3> kFixedArrays{"cellId", "patchId", "rank"};

bool writesBoundary(const mesh::Patch& p) { return p.type != "empty" && p.type != "processor"; }

}  // namespace

VtkWriter::VtkWriter(std::filesystem::path caseDir, std::string caseName, const mesh::PolyMesh& mesh,
                     std::span<const GlobalLabel> globalCellIds, const parallel::Communicator& comm)
    : caseDir_(std::move(caseDir)), caseName_(std::move(caseName)), mesh_(mesh), comm_(comm), meshArrays_(mesh) {
  const Label nCells = mesh.nCells();
  if (static_cast<Label>(globalCellIds.size()) < nCells)
    throw Error(fmt::format("VtkWriter: {} global cell ids for {} cells", globalCellIds.size(), nCells));
  globalCellIds_ = globalCellIds.first(static_cast<std::size_t>(nCells));
  // The internal mesh arrays are built per write (see attachInternalMesh).
  internal_.nPoints = mesh.nPoints();
  internal_.nCells = nCells;

  // One piece per written patch: its faces, their points renumbered compactly.
  std::vector<Label> pointMap(mesh.nPoints(), -1);
  for (std::size_t pi = 0; pi < mesh.patches().size(); ++pi) {
    const mesh::Patch& p = mesh.patches()[pi];
    if (!writesBoundary(p)) continue;
    PatchPiece& out = patches_.emplace_back();
    out.name = p.name;
    std::vector<Vec3> points;
    std::vector<std::int64_t> connectivity, offsets;
    std::vector<std::uint8_t> types;
    for (Label f = p.start; f < p.start + p.size; ++f) {
      out.faces.push_back(f);
      nBoundaryFaces_ = std::max(nBoundaryFaces_, f + 1 - mesh.nInternalFaces());
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
    for (Label f : out.faces)
      for (Label v : mesh.faces()[f]) pointMap[v] = -1;
    const std::size_t nFaces = out.faces.size();
    out.piece.nPoints = static_cast<std::int64_t>(points.size());
    out.piece.nCells = static_cast<std::int64_t>(nFaces);
    out.piece.points = shared("Points", points);
    out.piece.cells = {shared("connectivity", connectivity), shared("offsets", offsets), shared("types", types)};
    std::vector<std::int64_t> ownerIds;  // the global id of the cell each face bounds
    for (Label f : out.faces) ownerIds.push_back(globalCellIds_[mesh.owner()[f]]);
    out.piece.cellData = {shared("cellId", ownerIds),
                          shared("patchId", std::vector<std::int32_t>(nFaces, static_cast<std::int32_t>(pi))),
                          shared("rank", std::vector<std::int32_t>(nFaces, comm.rank()))};
  }

  // Which ranks have faces of which patch: one all-gather of a bit word per
  // 63 patches (the same patch list on every rank), at start-up only. The
  // last rank keeps the lists for its .vtm; a rank writes only the pieces it
  // has faces for (rank 0 an empty one for a patch that has none anywhere).
  constexpr std::size_t kBits = 63;
  const bool keepsLists = comm.rank() == comm.size() - 1;
  if (keepsLists) patchPieceRanks_.resize(patches_.size());
  for (std::size_t first = 0; first < patches_.size(); first += kBits) {
    const std::size_t n = std::min(kBits, patches_.size() - first);
    long long mine = 0;
    for (std::size_t k = 0; k < n; ++k)
      if (!patches_[first + k].faces.empty()) mine |= 1LL << k;
    const std::vector<long long> all = comm.allGather(mine);
    for (std::size_t k = 0; k < n; ++k) {
      const bool anywhere = std::any_of(all.begin(), all.end(), [k](long long w) { return (w >> k) & 1; });
      PatchPiece& p = patches_[first + k];
      p.written = anywhere ? !p.faces.empty() : comm.isRoot();
      if (!keepsLists) continue;
      for (int r = 0; r < comm.size(); ++r)
        if (anywhere ? ((all[static_cast<std::size_t>(r)] >> k) & 1) != 0 : r == 0)
          patchPieceRanks_[first + k].push_back(r);
    }
  }
}

void VtkWriter::attachInternalMesh(VtuPiece& piece) const {
  // Streamed: made from the mesh (and the caller's global ids, which live as
  // long) a chunk at a time as the file is written, never held whole.
  piece.points = meshArrays_.points();
  piece.cells = meshArrays_.cells();
  const auto nCells = static_cast<std::uint64_t>(globalCellIds_.size());
  const std::span<const GlobalLabel> ids = globalCellIds_;
  const auto constant = [nCells](const char* name, std::int32_t value) {
    return std::make_shared<const VtkArray>(
        streamedVtkArray(name, VtkType::Int32, 1, nCells, [nCells, value](const VtkByteSink& out) {
          const std::vector<std::int32_t> chunk(std::min<std::uint64_t>(nCells, 16384), value);
          for (std::uint64_t done = 0; done < nCells; done += chunk.size()) {
            const std::size_t n = std::min<std::uint64_t>(chunk.size(), nCells - done);
            out(asBytes(std::span<const std::int32_t>(chunk).first(n)));
          }
        }));
  };
  static_assert(sizeof(GlobalLabel) == sizeof(std::int64_t));
  auto cellIds = std::make_shared<const VtkArray>(
      streamedVtkArray("cellId", VtkType::Int64, 1, nCells, [ids](const VtkByteSink& out) { out(asBytes(ids)); }));
  piece.cellData.insert(piece.cellData.begin(),
                        {std::move(cellIds), constant("patchId", -1), constant("rank", comm_.rank())});
}

namespace {

std::string regexEscaped(const std::string& text) {
  static const std::regex special(R"([.^$|()\[\]{}*+?\\])");
  return std::regex_replace(text, special, R"(\$&)");
}

}  // namespace

std::filesystem::path VtkWriter::seriesFile() const { return caseDir_ / "VTK" / (caseName_ + ".pvd"); }

std::filesystem::path VtkWriter::timeDirectory(Scalar time) const {
  // fmt's shortest round-trip form, as writePvd writes the timestep.
  return caseDir_ / "VTK" / fmt::format("{}_{}", caseName_, time);
}

std::filesystem::path VtkWriter::blocksFile(Scalar time) const {
  std::filesystem::path file = timeDirectory(time);
  file += ".vtm";
  return file;
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
  boundaryFieldNames_.clear();
  for (PatchPiece& p : patches_) p.piece.cellData.resize(kFixedArrays.size());
}

void VtkWriter::addCellField(const std::string& name, std::span<const double> values) {
  requireOpen("addCellField");
  checkName(name, internal_.cellData, kFixedArrays);
  if (static_cast<std::int64_t>(values.size()) < internal_.nCells)
    throw Error(fmt::format("VtkWriter: field '{}' has {} values for {} cells", name, values.size(), internal_.nCells));
  internal_.cellData.push_back(std::make_shared<const VtkArray>(vtkArray(name, values.first(internal_.nCells))));
}

void VtkWriter::addCellField(const std::string& name, std::span<const Vec3> values) {
  requireOpen("addCellField");
  checkName(name, internal_.cellData, kFixedArrays);
  if (static_cast<std::int64_t>(values.size()) < internal_.nCells)
    throw Error(fmt::format("VtkWriter: field '{}' has {} values for {} cells", name, values.size(), internal_.nCells));
  internal_.cellData.push_back(std::make_shared<const VtkArray>(vtkArray(name, values.first(internal_.nCells))));
}

void VtkWriter::addCellField(const std::string& name, std::shared_ptr<const std::vector<double>> values,
                             int components) {
  const std::span<const double> span = values ? std::span<const double>(*values) : std::span<const double>();
  addStreamedCellField("addCellField", name, span, components, std::move(values));
}

void VtkWriter::addCellFieldInPlace(const std::string& name, std::span<const double> values, int components) {
  addStreamedCellField("addCellFieldInPlace", name, values, components, nullptr);
}

void VtkWriter::addStreamedCellField(const char* what, const std::string& name, std::span<const double> values,
                                     int components, std::shared_ptr<const void> owner) {
  requireOpen(what);
  checkName(name, internal_.cellData, kFixedArrays);
  if (components != 1 && components != 3)
    throw Error(fmt::format("VtkWriter: field '{}' has {} components (1 or 3)", name, components));
  const auto nValues = static_cast<std::size_t>(internal_.nCells) * static_cast<std::size_t>(components);
  if (values.size() < nValues)
    throw Error(fmt::format("VtkWriter: field '{}' has {} values for {} cells", name, values.size(),
                            internal_.nCells));
  internal_.cellData.push_back(std::make_shared<const VtkArray>(
      streamedVtkArray(name, VtkType::Float64, components, static_cast<std::uint64_t>(internal_.nCells),
                       [values = values.first(nValues), owner = std::move(owner)](const VtkByteSink& out) {
                         out(asBytes(values));
                       })));
}

template <class T>
void VtkWriter::addBoundaryValues(const std::string& name, std::span<const T> boundaryFaceValues) {
  requireOpen("addBoundaryField");
  for (std::string_view n : kFixedArrays)
    if (name == n) throw Error(fmt::format("VtkWriter: array '{}' added twice (or a reserved name)", name));
  if (std::find(boundaryFieldNames_.begin(), boundaryFieldNames_.end(), name) != boundaryFieldNames_.end())
    throw Error(fmt::format("VtkWriter: array '{}' added twice (or a reserved name)", name));
  if (static_cast<Label>(boundaryFaceValues.size()) < nBoundaryFaces_)
    throw Error(fmt::format("VtkWriter: boundary field '{}' has {} values for {} boundary faces", name,
                            boundaryFaceValues.size(), nBoundaryFaces_));
  boundaryFieldNames_.push_back(name);
  for (PatchPiece& p : patches_) {
    std::vector<T> selected;
    selected.reserve(p.faces.size());
    for (Label f : p.faces) selected.push_back(boundaryFaceValues[f - mesh_.nInternalFaces()]);
    p.piece.cellData.push_back(shared(name, selected));
  }
}

void VtkWriter::addBoundaryField(const std::string& name, std::span<const double> boundaryFaceValues) {
  addBoundaryValues(name, boundaryFaceValues);
}

void VtkWriter::addBoundaryField(const std::string& name, std::span<const Vec3> boundaryFaceValues) {
  addBoundaryValues(name, boundaryFaceValues);
}

std::vector<VtmBlock> VtkWriter::blocks(const std::string& folder) const {
  std::vector<VtmBlock> out;
  VtmBlock& internal = out.emplace_back(VtmBlock{"internal", {}});
  for (int r = 0; r < comm_.size(); ++r) internal.pieceFiles.push_back(fmt::format("{}/internal_{}.vtu", folder, r));
  for (std::size_t p = 0; p < patches_.size(); ++p) {
    VtmBlock& block = out.emplace_back(VtmBlock{patches_[p].name, {}});
    for (int r : patchPieceRanks_[p])
      block.pieceFiles.push_back(fmt::format("{}/boundary/{}_{}.vtu", folder, patches_[p].name, r));
  }
  return out;
}

void VtkWriter::writeFiles(int index, Scalar time, VtuPiece internal, std::vector<PatchPiece> patches) const {
  const std::filesystem::path dir = timeDirectory(time);
  const std::string comment = fmt::format("case='{}' time='{}' index='{}'", caseName_, time, index);
  internal.comment = comment;
  for (PatchPiece& p : patches) p.piece.comment = fmt::format("{} patch='{}'", comment, p.name);
  attachInternalMesh(internal);
  if (index == 0) parallel::failIfInjected(comm_.rank(), "write");
  createDirectories(dir);
  writeVtu(dir / fmt::format("internal_{}.vtu", comm_.rank()), internal);
  if (std::any_of(patches.begin(), patches.end(), [](const PatchPiece& p) { return p.written; })) {
    createDirectories(dir / "boundary");
    for (const PatchPiece& p : patches)
      if (p.written) writeVtu(dir / "boundary" / fmt::format("{}_{}.vtu", p.name, comm_.rank()), p.piece);
  }
  // Listed in the .pvd only once every rank's pieces exist (commitNext).
  if (comm_.rank() == comm_.size() - 1) writeVtm(blocksFile(time), comment, blocks(dir.filename().string()));
}

std::function<void()> VtkWriter::takeWrite() {
  requireOpen("takeWrite");
  open_ = false;
  const int index = nWrites() + nPending();
  pending_.push_back(time_);
  // The pieces share their arrays (shared_ptr), so these copies are cheap;
  // the writer starts the next time with fresh field lists.
  VtuPiece internal = internal_;
  std::vector<PatchPiece> patches = patches_;
  internal_.cellData.clear();
  boundaryFieldNames_.clear();
  for (PatchPiece& p : patches_) p.piece.cellData.resize(kFixedArrays.size());
  return [this, index, time = time_, internal = std::move(internal), patches = std::move(patches)] {
    writeFiles(index, time, internal, patches);
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
  for (const Scalar t : times) entries.push_back({t, blocksFile(t).filename().string()});
  writePvd(seriesFile(), entries);
}

void VtkWriter::startSeries(Scalar startTime, bool keepStartTime) {
  if (open_ || !times_.empty() || !pending_.empty()) throw Error("VtkWriter::startSeries called after a write");
  const std::filesystem::path vtkDir = caseDir_ / "VTK";
  std::vector<double> kept;
  parallel::onRoot(comm_, [&] {
    // The earlier series' times in order: "<case>_<t>.vtm" at time t.
    const Scalar tolerance = 1e-9 * std::max<Scalar>(1, std::abs(startTime));
    const Scalar from = keepStartTime ? startTime + tolerance : startTime - tolerance;
    std::error_code ec;
    std::set<std::string> keptFolders;
    if (std::filesystem::exists(seriesFile(), ec)) {
      std::ifstream in(seriesFile());
      const std::regex entry("timestep=\"([^\"]+)\"[^>]*file=\"(" + regexEscaped(caseName_) +
                             "_[^\"/]+)\\.vtm\"");
      std::smatch m;
      for (std::string line; std::getline(in, line);) {
        if (!std::regex_search(line, m, entry)) continue;
        const double t = std::strtod(m[1].str().c_str(), nullptr);
        // A folder not named by its time (an older layout) ends what is kept.
        if (!(t < from) || (!kept.empty() && !(t > kept.back())) ||
            m[2].str() != timeDirectory(t).filename().string())
          break;
        kept.push_back(t);
        keptFolders.insert(m[2].str());
      }
    }
    // Folders "<case>_<number>" of times not kept (later times, or not listed).
    const std::regex folder(regexEscaped(caseName_) + "_([-+]?[0-9.]+([eE][-+]?[0-9]+)?)");
    std::vector<std::filesystem::path> remove;
    if (std::filesystem::is_directory(vtkDir, ec))
      for (const auto& e : std::filesystem::directory_iterator(vtkDir, ec)) {
        const std::string name = e.path().filename().string();
        // Only sluice's own folders (with rank 0's internal piece, or an
        // earlier layout's internal.pvtu): foamToVTK writes VTK/<case>_<index>/
        // (with internal.vtu) and <case>_<index>.vtm too.
        if (e.is_directory() && std::regex_match(name, folder) && !keptFolders.count(name) &&
            (std::filesystem::exists(e.path() / "internal_0.vtu", ec) ||
             std::filesystem::exists(e.path() / "internal.pvtu", ec)))
          remove.push_back(e.path());
      }
    for (const auto& p : remove) {
      std::filesystem::path blocks = p;
      blocks += ".vtm";
      std::filesystem::remove_all(p, ec);
      if (!ec) std::filesystem::remove(blocks, ec);
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
