#include "sluice/solvers/restart_snapshot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <span>
#include <type_traits>
#include <unordered_map>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/output/output_files.hpp"
#include "sluice/parallel/parallel_error.hpp"

namespace sluice::solvers {

namespace fs = std::filesystem;
using output::SnapshotArray;
using output::SnapshotArrayKind;
using output::SnapshotPart;

namespace {

// Array names: a field's current values under its name, the rest with a
// suffix after '|', which OpenFOAM field names cannot contain.
std::string arrayName(const std::string& field, const char* suffix) { return field + "|" + suffix; }
constexpr const char* kSolverPrefix = "solver|";

// Per local face: 1 if oriented from the lower to the higher global cell id
// (the undecomposed mesh's orientation), 0 if the other way round. Faces on
// a boundary that is not a processor patch have one orientation only.
std::vector<std::uint8_t> canonicalOrientation(const field::FvMesh& mesh) {
  const auto gid = mesh.globalCellIds();
  const auto& owner = mesh.poly().owner();
  const auto& neighbour = mesh.poly().neighbour();
  std::vector<std::uint8_t> canonical(static_cast<std::size_t>(mesh.nFaces()), 1);
  for (Label f = 0; f < mesh.nInternalFaces(); ++f) canonical[f] = gid[owner[f]] < gid[neighbour[f]];
  for (Label f = mesh.nInternalFaces(); f < mesh.nFaces(); ++f)
    if (mesh.patchKind(mesh.facePatch(f)) == field::PatchKind::Processor)
      canonical[f] = gid[owner[f]] < gid[mesh.faceGhost(f)];
  return canonical;
}

template <class T>
std::vector<double> copyOf(std::span<const T> values, std::size_t entries) {
  const std::span<const double> d = field::asDoubles(values.first(entries));
  return {d.begin(), d.end()};
}

template <class T>
constexpr int componentsOf() {
  return field::FieldTraits<T>::nComponents;
}

std::string formatExact(double v) { return fmt::format("{:.17g}", v); }

// One array of the snapshot gathered for this rank's cells or faces.
struct Gathered {
  SnapshotArrayKind kind = SnapshotArrayKind::Cells;
  int components = 1;
  std::vector<double> values;
  std::vector<std::uint8_t> filled;  ///< 0: not yet, 1: from the other side of the face, 2: exact
};

class SnapshotGatherer {
 public:
  SnapshotGatherer(const field::FvMesh& mesh, std::vector<std::uint8_t> canonical)
      : mesh_(mesh), canonical_(std::move(canonical)) {
    const auto fileIds = mesh.fileCellIds();
    cellOf_.reserve(static_cast<std::size_t>(mesh.nCells()));
    for (Label c = 0; c < mesh.nCells(); ++c) cellOf_.emplace(fileIds[c], c);
    const auto faceIds = mesh.globalFaceIds();
    faceOf_.reserve(static_cast<std::size_t>(mesh.nFaces()));
    for (Label f = 0; f < mesh.nFaces(); ++f) faceOf_.emplace(faceIds[f], f);
  }

  // Takes this rank's entries of every array of `part`. A face seen from
  // the other side takes the value of a scalar array with its sign turned
  // (scalar face arrays are fluxes: phi, rhoPhi, alphaPhi), vectors as they are.
  void take(const SnapshotPart& part, const fs::path& file) {
    for (const SnapshotArray& a : part.arrays) {
      Gathered& g = arrays_[a.name];
      const std::size_t entries = localEntries(a.kind);
      if (g.values.empty() && entries > 0) {
        g.kind = a.kind;
        g.components = a.components;
        g.values.assign(entries * static_cast<std::size_t>(a.components), 0.0);
        g.filled.assign(entries, 0);
      } else if (g.kind != a.kind || g.components != a.components) {
        throw InputError(fmt::format("{}: array '{}' differs from the other rank files'", file.string(), a.name));
      }
      if (entries == 0) {
        g.kind = a.kind;
        g.components = a.components;
        continue;
      }
      const double sign = a.kind == SnapshotArrayKind::Faces && a.components == 1 ? -1.0 : 1.0;
      const std::size_t n = a.components;
      auto put = [&](std::size_t slot, std::size_t entry, std::uint8_t quality, double factor) {
        if (g.filled[slot] >= quality) return;
        for (std::size_t k = 0; k < n; ++k) g.values[slot * n + k] = factor * a.values[entry * n + k];
        g.filled[slot] = quality;
      };
      if (a.kind == SnapshotArrayKind::Cells) {
        for (std::size_t i = 0; i < part.cellIds.size(); ++i)
          if (const auto it = cellOf_.find(part.cellIds[i]); it != cellOf_.end())
            put(static_cast<std::size_t>(it->second), i, 2, 1.0);
        continue;
      }
      const std::size_t first = a.kind == SnapshotArrayKind::Faces ? 0 : static_cast<std::size_t>(part.nInternalFaces);
      const Label localFirst = a.kind == SnapshotArrayKind::Faces ? 0 : mesh_.nInternalFaces();
      for (std::size_t i = first; i < part.faceIds.size(); ++i) {
        const auto it = faceOf_.find(part.faceIds[i]);
        if (it == faceOf_.end() || it->second < localFirst) continue;
        const bool same = part.faceCanonical[i] == canonical_[it->second];
        put(static_cast<std::size_t>(it->second - localFirst), i - first, same ? 2 : 1, same ? 1.0 : sign);
      }
    }
  }

  const Gathered* find(const std::string& name) const {
    const auto it = arrays_.find(name);
    return it == arrays_.end() ? nullptr : &it->second;
  }
  const std::map<std::string, Gathered>& arrays() const { return arrays_; }

 private:
  std::size_t localEntries(SnapshotArrayKind kind) const {
    switch (kind) {
      case SnapshotArrayKind::Cells: return static_cast<std::size_t>(mesh_.nCells());
      case SnapshotArrayKind::Faces: return static_cast<std::size_t>(mesh_.nFaces());
      case SnapshotArrayKind::BoundaryFaces: return static_cast<std::size_t>(mesh_.nBoundaryFaces());
    }
    return 0;
  }

  const field::FvMesh& mesh_;
  std::vector<std::uint8_t> canonical_;
  std::unordered_map<GlobalLabel, Label> cellOf_, faceOf_;
  std::map<std::string, Gathered> arrays_;
};

// Copies a gathered array into `target` (entries x components of T) and
// returns the entries the snapshot had no value for (checkComplete allows
// them only in boundary values).
template <class T>
std::vector<std::size_t> apply(const Gathered& g, std::span<T> target, const std::string& what,
                               const SnapshotManifest& manifest) {
  if (g.components != componentsOf<T>())
    throw InputError(fmt::format("{}: '{}' has {} components, the field {}", manifest.folder.string(), what,
                                 g.components, componentsOf<T>()));
  std::span<double> out = field::asDoubles(target);
  const std::size_t n = static_cast<std::size_t>(g.components);
  std::vector<std::size_t> missing;
  for (std::size_t e = 0; e < g.filled.size(); ++e) {
    if (!g.filled[e]) {
      missing.push_back(e);
      continue;
    }
    for (std::size_t k = 0; k < n; ++k) out[e * n + k] = g.values[e * n + k];
  }
  return missing;
}

// The stored old-time levels of field `f` ("<name>|old", "<name>|oldOld"):
// `size` entries each, the first `entries` from the snapshot, then
// `complete(level)` (ghost cells). Collective when `complete` is.
template <class T, class Field, class Complete>
void restoreOldTimes(Field& f, const SnapshotGatherer& gathered, const SnapshotManifest& manifest, std::size_t size,
                     std::size_t entries, Complete&& complete) {
  std::vector<T> levels[2];
  int count = 0;
  for (const char* suffix : {"old", "oldOld"}) {
    const Gathered* g = gathered.find(arrayName(f.name(), suffix));
    if (!g) break;
    std::vector<T>& level = levels[count++];
    level.assign(size, T{});
    apply(*g, std::span<T>(level).first(entries), arrayName(f.name(), suffix), manifest);
    complete(level);
  }
  f.restoreOldTimes(std::move(levels[0]), std::move(levels[1]), count);
}

template <class T>
void restoreVolField(field::VolField<T>& f, const SnapshotGatherer& gathered, const SnapshotManifest& manifest) {
  const field::FvMesh& mesh = f.mesh();
  const std::string& name = f.name();
  apply(*gathered.find(name), f.internal(), name, manifest);
  mesh.updateGhosts(f.values());
  if (const Gathered* b = gathered.find(arrayName(name, "boundary"))) {
    // Faces that were inside a rank when the snapshot was written and are on
    // a processor patch now: the coupled value from the cells on both sides.
    const auto missing = apply(*b, f.boundaryValues(), arrayName(name, "boundary"), manifest);
    const auto& owner = mesh.poly().owner();
    const auto& weights = mesh.geometry().weights;
    for (const std::size_t i : missing) {
      const Label face = mesh.nInternalFaces() + static_cast<Label>(i);
      if (const Label g = mesh.faceGhost(face); g >= 0)
        f.boundaryValues()[i] = weights[face] * f[owner[face]] + (1.0 - weights[face]) * f[g];
    }
  }
  restoreOldTimes<T>(f, gathered, manifest, static_cast<std::size_t>(mesh.nLocalCells()),
                     static_cast<std::size_t>(mesh.nCells()), [&](std::vector<T>& level) { mesh.updateGhosts(level); });
}

template <class T>
void restoreSurfaceField(field::SurfaceField<T>& f, const SnapshotGatherer& gathered,
                         const SnapshotManifest& manifest) {
  const std::string& name = f.name();
  apply(*gathered.find(name), std::span<T>(f.values()), name, manifest);
  restoreOldTimes<T>(f, gathered, manifest, f.values().size(), f.values().size(), [](std::vector<T>&) {});
}

// Every registered field's values are in the snapshot, for every cell and
// face of this rank (boundary values may miss faces that were inside a rank).
void checkComplete(const SnapshotGatherer& gathered, const field::FieldRegistry& fields,
                   const SnapshotManifest& manifest) {
  for (const std::string& name : fields.names())
    if (!gathered.find(name))
      throw InputError(fmt::format("{}: no values of field '{}' (the snapshot of another solver?)",
                                   manifest.folder.string(), name));
  for (const auto& [name, g] : gathered.arrays()) {
    if (g.kind == SnapshotArrayKind::BoundaryFaces) continue;
    const auto missing = static_cast<std::size_t>(std::count(g.filled.begin(), g.filled.end(), 0));
    if (missing > 0)
      throw InputError(fmt::format("{}: '{}' has no value for {} of this rank's {} (a snapshot of another mesh?)",
                                   manifest.folder.string(), name, missing,
                                   g.kind == SnapshotArrayKind::Cells ? "cells" : "faces"));
  }
}

}  // namespace

fs::path restartFolder(const fs::path& caseDir) { return caseDir / "restart"; }

std::string rankFileName(int rank) { return fmt::format("rank{}.bin", rank); }

void writeSnapshotManifest(const SnapshotManifest& m) {
  const TimeState& t = m.time;
  const std::string text = fmt::format(
      "// sluice restart snapshot: written last, once every rank file is complete\n"
      "application {};\ntimeName \"{}\";\ntime {};\ndeltaT {};\ndeltaT0 {};\nlastStep {};\ntimeIndex {};\n"
      "writeIndex {};\nwriteOrigin {};\nnRanks {};\nnGlobalCells {};\nnumbering \"{}\";\nfieldFolder \"{}\";\n",
      m.application, m.timeName, formatExact(t.time), formatExact(t.deltaT), formatExact(t.deltaT0),
      formatExact(t.lastStep), t.timeIndex, t.writeIndex, formatExact(t.writeOrigin), m.nRanks, m.nGlobalCells,
      m.numbering, m.fieldFolder);
  std::string values = "solverValues\n{\n";
  for (const auto& [name, v] : m.solverValues) values += fmt::format("    {} {};\n", name, formatExact(v));
  output::writeFileAtomically(m.folder / "manifest", text + values + "}\n");
}

SnapshotManifest readSnapshotManifest(const fs::path& folder) {
  const io::Dictionary d = io::Dictionary::readFile(folder / "manifest", (folder / "manifest").string());
  SnapshotManifest m;
  m.folder = folder;
  m.application = d.get<std::string>("application");
  m.timeName = d.get<std::string>("timeName");
  m.time.time = d.get<Scalar>("time");
  m.time.deltaT = d.get<Scalar>("deltaT");
  m.time.deltaT0 = d.get<Scalar>("deltaT0");
  m.time.lastStep = d.get<Scalar>("lastStep");
  m.time.timeIndex = d.get<std::int64_t>("timeIndex");
  m.time.writeIndex = d.get<std::int64_t>("writeIndex");
  m.time.writeOrigin = d.get<Scalar>("writeOrigin");
  m.nRanks = d.get<Label>("nRanks");
  m.nGlobalCells = d.get<std::int64_t>("nGlobalCells");
  m.numbering = d.get<std::string>("numbering");
  m.fieldFolder = d.get<std::string>("fieldFolder");
  const io::Dictionary& values = d.subDict("solverValues");
  for (const std::string& key : values.keys()) m.solverValues[key] = values.get<Scalar>(key);
  if (m.nRanks < 1) d.fail(fmt::format("nRanks must be positive, found {}", m.nRanks));
  return m;
}

std::vector<SnapshotManifest> completeSnapshots(const fs::path& caseDir,
                                                const std::function<void(const std::string&)>& warn) {
  std::vector<SnapshotManifest> found;
  std::error_code ec;
  const fs::path dir = restartFolder(caseDir);
  if (!fs::is_directory(dir, ec)) return found;
  std::vector<fs::path> folders;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.is_directory()) folders.push_back(e.path());
  std::sort(folders.begin(), folders.end());
  for (const fs::path& folder : folders) {
    if (!output::timeOfFolderName(folder.filename().string())) continue;
    if (!fs::exists(folder / "manifest", ec)) {
      warn(fmt::format("{} is incomplete (no manifest: the run stopped while writing it) and is skipped",
                       folder.string()));
      continue;
    }
    try {
      SnapshotManifest m = readSnapshotManifest(folder);
      for (int r = 0; r < m.nRanks; ++r)
        if (!fs::is_regular_file(folder / rankFileName(r), ec))
          throw InputError(fmt::format("{} is missing", (folder / rankFileName(r)).string()));
      found.push_back(std::move(m));
    } catch (const InputError& e) {
      warn(fmt::format("{} is incomplete ({}) and is skipped", folder.string(), e.what()));
    }
  }
  std::sort(found.begin(), found.end(),
            [](const SnapshotManifest& a, const SnapshotManifest& b) { return a.time.time < b.time.time; });
  return found;
}

std::optional<SnapshotManifest> agreedSnapshot(parallel::Communicator& comm, const fs::path& caseDir,
                                               std::optional<Scalar> at, bool warnIncomplete) {
  std::string folder;
  if (comm.isRoot()) {
    const auto all = completeSnapshots(caseDir, [warnIncomplete](const std::string& m) {
      if (warnIncomplete) std::fprintf(stderr, "warning: %s\n", m.c_str());
    });
    for (const SnapshotManifest& m : all)
      if (!at || std::abs(m.time.time - *at) <= 1e-9 * std::max(1.0, std::abs(*at))) folder = m.folder.string();
  }
  comm.broadcast(folder);
  if (folder.empty()) return std::nullopt;
  return parallel::collectively(comm, [&] { return readSnapshotManifest(folder); });
}

std::string cellNumberingFingerprint(const field::FvMesh& mesh) {
  const auto fileIds = mesh.fileCellIds();
  const auto globalIds = mesh.globalCellIds();
  auto mix = [](std::uint64_t x) {  // splitmix64's finaliser
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
  };
  constexpr std::uint64_t mask = (std::uint64_t{1} << 40) - 1;
  std::uint64_t local = 0;
  for (Label c = 0; c < mesh.nCells(); ++c)
    local += mix(static_cast<std::uint64_t>(fileIds[c]) * 0x9e3779b97f4a7c15ULL ^ static_cast<std::uint64_t>(globalIds[c]));
  const long long total = mesh.comm().sum(static_cast<long long>(local & mask));
  return fmt::format("{:010x}", static_cast<std::uint64_t>(total) & mask);
}

SnapshotPart collectSnapshotPart(const field::FieldRegistry& fields, const field::FvMesh& mesh,
                                 const SolverState& solverState) {
  SnapshotPart part;
  const auto nCells = static_cast<std::size_t>(mesh.nCells());
  const auto nFaces = static_cast<std::size_t>(mesh.nFaces());
  // The ids are the mesh's own arrays (static during a run, they outlive the
  // writer's jobs): viewed, not copied. The orientation flags are made per write.
  part.cellIds = mesh.fileCellIds().first(nCells);
  part.faceIds = mesh.globalFaceIds().first(nFaces);
  auto owned = std::make_shared<SnapshotPart::Ids>();
  owned->faceCanonical = canonicalOrientation(mesh);
  part.faceCanonical = owned->faceCanonical;
  part.ownedIds = std::move(owned);
  part.nInternalFaces = mesh.nInternalFaces();

  fields.forEachField([&](const std::string& name, const auto& f, const field::FieldOptions&) {
    using FieldType = std::decay_t<decltype(f)>;
    using T = typename std::decay_t<decltype(f.values())>::value_type;
    constexpr bool isVol =
        std::is_same_v<FieldType, field::VolScalarField> || std::is_same_v<FieldType, field::VolVectorField>;
    const SnapshotArrayKind kind = isVol ? SnapshotArrayKind::Cells : SnapshotArrayKind::Faces;
    const std::size_t entries = isVol ? nCells : nFaces;
    constexpr int n = componentsOf<T>();
    part.arrays.push_back({name, kind, n, copyOf(std::span<const T>(f.values()), entries)});
    if constexpr (isVol) {
      const auto b = f.boundaryValues();
      part.arrays.push_back({arrayName(name, "boundary"), SnapshotArrayKind::BoundaryFaces, n, copyOf(b, b.size())});
    }
    if (f.nOldTimes() >= 1) part.arrays.push_back({arrayName(name, "old"), kind, n, copyOf(f.oldTime(), entries)});
    if (f.nOldTimes() >= 2)
      part.arrays.push_back({arrayName(name, "oldOld"), kind, n, copyOf(f.oldOldTime(), entries)});
  });
  for (const auto& [name, values] : solverState.faceFluxes) {
    if (values.size() != nFaces) throw Error(fmt::format("solver array '{}': one value per face expected", name));
    part.arrays.push_back({kSolverPrefix + name, SnapshotArrayKind::Faces, 1, values});
  }
  return part;
}

SolverState restoreSnapshot(const SnapshotManifest& manifest, field::FieldRegistry& fields,
                            const field::FvMesh& mesh) {
  // Every rank reads every rank file and keeps its cells and faces: start-up
  // reads the whole snapshot on each rank (as it reads the whole mesh on
  // rank 0 today); the ids make any decomposition work.
  SnapshotGatherer gatherer(mesh, canonicalOrientation(mesh));
  parallel::collectively(mesh.comm(), [&] {
    for (int r = 0; r < manifest.nRanks; ++r) {
      const fs::path file = manifest.folder / rankFileName(r);
      const SnapshotPart part = output::readSnapshotPart(file);
      gatherer.take(part, file);
    }
    checkComplete(gatherer, fields, manifest);
  });
  for (const std::string& name : fields.names()) {
    if (fields.find<field::VolScalarField>(name))
      restoreVolField(fields.modify<field::VolScalarField>(name), gatherer, manifest);
    else if (fields.find<field::VolVectorField>(name))
      restoreVolField(fields.modify<field::VolVectorField>(name), gatherer, manifest);
    else if (fields.find<field::SurfaceScalarField>(name))
      restoreSurfaceField(fields.modify<field::SurfaceScalarField>(name), gatherer, manifest);
    else
      restoreSurfaceField(fields.modify<field::SurfaceVectorField>(name), gatherer, manifest);
  }
  SolverState state;
  state.values = manifest.solverValues;
  for (const auto& [name, g] : gatherer.arrays()) {
    if (name.rfind(kSolverPrefix, 0) != 0) continue;
    std::vector<Scalar>& target = state.faceFluxes[name.substr(std::char_traits<char>::length(kSolverPrefix))];
    target.assign(static_cast<std::size_t>(mesh.nFaces()), 0.0);
    apply(g, std::span<Scalar>(target), name, manifest);
  }
  return state;
}

StartPoint agreedStartPoint(parallel::Communicator& comm, const fs::path& caseDir, const io::Dictionary& controlDict) {
  StartPoint start;
  start.latestTime = agreedLatestTimeFolder(comm, caseDir);
  std::optional<SnapshotManifest> latest = agreedSnapshot(comm, caseDir, std::nullopt, true);
  if (latest && (!start.latestTime || latest->time.time >= *start.latestTime)) start.latestTime = latest->time.time;
  const Scalar startTime =
      parallel::collectively(comm, [&] { return TimeControlSettings::read(controlDict, start.latestTime).startTime; });
  const auto same = [](Scalar a, Scalar b) { return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b)); };
  start.restart = latest && same(latest->time.time, startTime) ? latest : agreedSnapshot(comm, caseDir, startTime, false);
  return start;
}

}  // namespace sluice::solvers
