#include "sluice/parallel/distribute.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <cstddef>
#include <cstring>
#include <numeric>
#include <type_traits>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/parallel/parallel_error.hpp"

namespace sluice::parallel {

namespace {

using mesh::FaceList;
using mesh::Patch;
using mesh::PolyMesh;

// ---------------------------------------------------------------------------
// Splitting on rank 0

// Precomputes, in one pass over the undecomposed mesh, which faces each rank
// gets; extract(rank) then builds that rank's DistributedMesh in time
// proportional to its size.
class MeshSplitter {
 public:
  MeshSplitter(const PolyMesh& mesh, std::span<const int> cellToRank, int nRanks);
  DistributedMesh extract(int rank);

 private:
  int otherRank(Label face, int rank) const {
    const int ro = cellRank_[mesh_.owner()[face]];
    return ro == rank ? cellRank_[mesh_.neighbour()[face]] : ro;
  }

  const PolyMesh& mesh_;
  std::span<const int> cellRank_;
  int nRanks_;
  std::vector<Label> localIndex_;                // per global cell: index among its rank's cells
  std::vector<std::vector<Label>> ownedCells_;   // per rank: global cells, ascending
  std::vector<std::vector<Label>> internal_;     // per rank: global internal faces with both cells there
  std::vector<std::vector<Label>> boundary_;     // per rank: global boundary faces of its cells, in face order
  std::vector<std::vector<Label>> patchSizes_;   // per rank, per original patch: its faces there
  std::vector<std::vector<Label>> processor_;    // per rank: global internal faces to other ranks, in face order
  std::vector<Label> cellScratch_;               // per global cell, -1 between uses
  std::vector<Label> pointScratch_;              // per global point, -1 between uses
};

MeshSplitter::MeshSplitter(const PolyMesh& mesh, std::span<const int> cellToRank, int nRanks)
    : mesh_(mesh),
      cellRank_(cellToRank),
      nRanks_(nRanks),
      localIndex_(mesh.nCells()),
      ownedCells_(nRanks),
      internal_(nRanks),
      boundary_(nRanks),
      patchSizes_(nRanks, std::vector<Label>(mesh.patches().size(), 0)),
      processor_(nRanks),
      cellScratch_(mesh.nCells(), -1),
      pointScratch_(mesh.nPoints(), -1) {
  for (Label c = 0; c < mesh.nCells(); ++c) {
    auto& owned = ownedCells_[cellToRank[c]];
    localIndex_[c] = static_cast<Label>(owned.size());
    owned.push_back(c);
  }
  const auto& owner = mesh.owner();
  const auto& neighbour = mesh.neighbour();
  for (Label f = 0; f < mesh.nInternalFaces(); ++f) {
    const int ro = cellToRank[owner[f]];
    const int rn = cellToRank[neighbour[f]];
    if (ro == rn) {
      internal_[ro].push_back(f);
    } else {
      processor_[ro].push_back(f);
      processor_[rn].push_back(f);
    }
  }
  const auto& patches = mesh.patches();
  for (std::size_t p = 0; p < patches.size(); ++p) {
    for (Label f = patches[p].start; f < patches[p].start + patches[p].size; ++f) {
      const int r = cellToRank[owner[f]];
      boundary_[r].push_back(f);
      ++patchSizes_[r][p];
    }
  }
}

DistributedMesh MeshSplitter::extract(int rank) {
  DistributedMesh d;
  const auto& owned = ownedCells_[rank];
  const auto& owner = mesh_.owner();
  const auto& neighbour = mesh_.neighbour();
  const FaceList& globalFaces = mesh_.faces();

  d.nOwnedCells = static_cast<Label>(owned.size());
  d.nGlobalCells = mesh_.nCells();
  d.globalCellIds.assign(owned.begin(), owned.end());

  FaceList faces;  // vertices still global point ids
  std::vector<Label> localOwner, localNeighbour;
  const std::size_t nLocalFaces = internal_[rank].size() + boundary_[rank].size() + processor_[rank].size();
  localOwner.reserve(nLocalFaces);
  d.globalFaceIds.reserve(nLocalFaces);
  std::vector<Label> scratchFace;
  auto addFace = [&](Label f, bool flip) {
    auto verts = globalFaces[f];
    if (!flip) {
      faces.add(verts);
    } else {  // keep vertex 0, reverse the rest: the normal turns round
      scratchFace.assign(verts.begin(), verts.end());
      std::reverse(scratchFace.begin() + 1, scratchFace.end());
      faces.add(scratchFace);
    }
    d.globalFaceIds.push_back(f);
  };

  // Internal faces, upper-triangular in local numbering. Local numbering keeps
  // the global cell order, so an upper-triangular global mesh needs no sort.
  struct InternalFace {
    Label lo, hi, face;
    bool flip;
  };
  std::vector<InternalFace> internal;
  internal.reserve(internal_[rank].size());
  for (Label f : internal_[rank]) {
    const Label a = localIndex_[owner[f]];
    const Label b = localIndex_[neighbour[f]];
    internal.push_back(a < b ? InternalFace{a, b, f, false} : InternalFace{b, a, f, true});
  }
  auto byCells = [](const InternalFace& x, const InternalFace& y) {
    return x.lo != y.lo ? x.lo < y.lo : x.hi < y.hi;
  };
  if (!std::is_sorted(internal.begin(), internal.end(), byCells))
    std::stable_sort(internal.begin(), internal.end(), byCells);
  localNeighbour.reserve(internal.size());
  for (const InternalFace& f : internal) {
    addFace(f.face, f.flip);
    localOwner.push_back(f.lo);
    localNeighbour.push_back(f.hi);
  }

  // Original patches, all of them, in order.
  std::vector<Patch> patches;
  patches.reserve(mesh_.patches().size());
  Label start = static_cast<Label>(internal.size());
  for (std::size_t p = 0; p < mesh_.patches().size(); ++p) {
    Patch patch = mesh_.patches()[p];
    patch.start = start;
    patch.size = patchSizes_[rank][p];
    start += patch.size;
    patches.push_back(std::move(patch));
  }
  for (Label f : boundary_[rank]) {
    addFace(f, false);
    localOwner.push_back(localIndex_[owner[f]]);
  }

  // Processor faces grouped by neighbour rank (ascending), global face order within.
  std::vector<Label> proc = processor_[rank];
  std::stable_sort(proc.begin(), proc.end(),
                   [&](Label a, Label b) { return otherRank(a, rank) < otherRank(b, rank); });
  d.firstProcessorFace = start;
  d.processorFaceGhost.reserve(proc.size());
  std::vector<char> sent(owned.size(), 0);
  std::vector<Label> ghosts;  // global ids, in local ghost order
  for (std::size_t i = 0; i < proc.size();) {
    const int nbr = otherRank(proc[i], rank);
    std::size_t end = i;
    while (end < proc.size() && otherRank(proc[end], rank) == nbr) ++end;

    patches.push_back(processorPatch(rank, nbr, start, static_cast<Label>(end - i)));
    start += patches.back().size;

    std::vector<Label> sendCells, recvCells;
    for (std::size_t k = i; k < end; ++k) {
      const Label f = proc[k];
      const bool ownerHere = cellRank_[owner[f]] == rank;
      const Label mine = ownerHere ? owner[f] : neighbour[f];
      const Label other = ownerHere ? neighbour[f] : owner[f];
      addFace(f, !ownerHere);
      const Label local = localIndex_[mine];
      localOwner.push_back(local);
      if (!sent[local]) {
        sent[local] = 1;
        sendCells.push_back(local);
      }
      if (cellScratch_[other] < 0) {
        cellScratch_[other] = d.nOwnedCells + static_cast<Label>(ghosts.size());
        ghosts.push_back(other);
        recvCells.push_back(cellScratch_[other]);
      }
      d.processorFaceGhost.push_back(cellScratch_[other]);
    }
    for (Label c : sendCells) sent[c] = 0;
    d.halo.neighbours.push_back(nbr);
    d.halo.sendCells.push_back(std::move(sendCells));
    d.halo.recvCells.push_back(std::move(recvCells));
    i = end;
  }
  for (Label g : ghosts) cellScratch_[g] = -1;
  d.nGhostCells = static_cast<Label>(ghosts.size());
  d.globalCellIds.insert(d.globalCellIds.end(), ghosts.begin(), ghosts.end());

  // Compact points: those used, in increasing global id.
  std::vector<Label> used(faces.vertices());
  std::sort(used.begin(), used.end());
  used.erase(std::unique(used.begin(), used.end()), used.end());
  std::vector<Vec3> points;
  points.reserve(used.size());
  for (std::size_t i = 0; i < used.size(); ++i) {
    pointScratch_[used[i]] = static_cast<Label>(i);
    points.push_back(mesh_.points()[used[i]]);
  }
  std::vector<Label> vertices(faces.vertices());
  for (Label& v : vertices) v = pointScratch_[v];
  for (Label p : used) pointScratch_[p] = -1;
  if (static_cast<Label>(used.size()) != mesh_.nPoints()) d.globalPointIds.assign(used.begin(), used.end());

  const std::string name = nRanks_ == 1 ? mesh_.name() : fmt::format("processor{}/{}", rank, mesh_.name());
  d.mesh = PolyMesh(std::move(points), FaceList(faces.offsets(), std::move(vertices)), std::move(localOwner),
                    std::move(localNeighbour), std::move(patches), name);
  return d;
}

// ---------------------------------------------------------------------------
// Packing a DistributedMesh into bytes for MPI

class PackBuffer {
 public:
  template <class T>
  void put(const T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    const auto* p = reinterpret_cast<const std::byte*>(&value);
    data_.insert(data_.end(), p, p + sizeof(T));
  }
  template <class T>
  void putVector(const std::vector<T>& values) {
    static_assert(std::is_trivially_copyable_v<T>);
    put<std::uint64_t>(values.size());
    const auto* p = reinterpret_cast<const std::byte*>(values.data());
    data_.insert(data_.end(), p, p + values.size() * sizeof(T));
  }
  void putString(const std::string& s) {
    put<std::uint64_t>(s.size());
    const auto* p = reinterpret_cast<const std::byte*>(s.data());
    data_.insert(data_.end(), p, p + s.size());
  }
  std::vector<std::byte>& data() { return data_; }

 private:
  std::vector<std::byte> data_;
};

class UnpackBuffer {
 public:
  explicit UnpackBuffer(std::span<const std::byte> data) : data_(data) {}
  template <class T>
  T get() {
    static_assert(std::is_trivially_copyable_v<T>);
    T value;
    std::memcpy(&value, take(sizeof(T)), sizeof(T));
    return value;
  }
  template <class T>
  std::vector<T> getVector() {
    const auto n = get<std::uint64_t>();
    if (n > data_.size() / sizeof(T)) throw Error("distributeMesh: corrupt mesh message (array size)");
    std::vector<T> values(n);
    if (n > 0) std::memcpy(values.data(), take(n * sizeof(T)), n * sizeof(T));
    return values;
  }
  std::string getString() {
    const auto n = get<std::uint64_t>();
    if (n > data_.size()) throw Error("distributeMesh: corrupt mesh message (string size)");
    const std::byte* p = take(n);
    return std::string(reinterpret_cast<const char*>(p), n);
  }
  bool atEnd() const { return pos_ == data_.size(); }

 private:
  const std::byte* take(std::size_t n) {
    if (n > data_.size() - pos_) throw Error("distributeMesh: corrupt mesh message (truncated)");
    const std::byte* p = data_.data() + pos_;
    pos_ += n;
    return p;
  }
  std::span<const std::byte> data_;
  std::size_t pos_ = 0;
};

std::vector<std::byte> pack(const DistributedMesh& d) {
  PackBuffer b;
  const PolyMesh& m = d.mesh;
  b.putString(m.name());
  b.putVector(m.points());
  b.putVector(m.faces().offsets());
  b.putVector(m.faces().vertices());
  b.putVector(m.owner());
  b.putVector(m.neighbour());
  b.put<std::uint64_t>(m.patches().size());
  for (const Patch& p : m.patches()) {
    b.putString(p.name);
    b.putString(p.type);
    b.put(p.start);
    b.put(p.size);
    b.putString(p.neighbourPatch);
    b.put<std::uint64_t>(p.inGroups.size());
    for (const auto& g : p.inGroups) b.putString(g);
    b.put(p.neighbourRank);
  }
  b.put(d.nOwnedCells);
  b.put(d.nGhostCells);
  b.put(d.nGlobalCells);
  b.putVector(d.globalCellIds);
  b.putVector(d.processorFaceGhost);
  b.put(d.firstProcessorFace);
  b.putVector(d.globalFaceIds);
  b.putVector(d.globalPointIds);
  b.putVector(d.halo.neighbours);
  for (const auto& cells : d.halo.sendCells) b.putVector(cells);
  for (const auto& cells : d.halo.recvCells) b.putVector(cells);
  return std::move(b.data());
}

DistributedMesh unpack(std::span<const std::byte> data) {
  UnpackBuffer b(data);
  DistributedMesh d;
  std::string name = b.getString();
  auto points = b.getVector<Vec3>();
  auto offsets = b.getVector<Label>();
  auto vertices = b.getVector<Label>();
  auto owner = b.getVector<Label>();
  auto neighbour = b.getVector<Label>();
  const auto nPatches = b.get<std::uint64_t>();
  std::vector<Patch> patches;
  for (std::uint64_t i = 0; i < nPatches; ++i) {
    Patch p;
    p.name = b.getString();
    p.type = b.getString();
    p.start = b.get<Label>();
    p.size = b.get<Label>();
    p.neighbourPatch = b.getString();
    const auto nGroups = b.get<std::uint64_t>();
    for (std::uint64_t g = 0; g < nGroups; ++g) p.inGroups.push_back(b.getString());
    p.neighbourRank = b.get<int>();
    patches.push_back(std::move(p));
  }
  d.nOwnedCells = b.get<Label>();
  d.nGhostCells = b.get<Label>();
  d.nGlobalCells = b.get<GlobalLabel>();
  d.globalCellIds = b.getVector<GlobalLabel>();
  d.processorFaceGhost = b.getVector<Label>();
  d.firstProcessorFace = b.get<Label>();
  d.globalFaceIds = b.getVector<GlobalLabel>();
  d.globalPointIds = b.getVector<GlobalLabel>();
  d.halo.neighbours = b.getVector<int>();
  for (std::size_t i = 0; i < d.halo.neighbours.size(); ++i) d.halo.sendCells.push_back(b.getVector<Label>());
  for (std::size_t i = 0; i < d.halo.neighbours.size(); ++i) d.halo.recvCells.push_back(b.getVector<Label>());
  if (!b.atEnd()) throw Error("distributeMesh: corrupt mesh message (trailing bytes)");
  d.mesh = PolyMesh(std::move(points), FaceList(std::move(offsets), std::move(vertices)), std::move(owner),
                    std::move(neighbour), std::move(patches), std::move(name));
  return d;
}

// ---------------------------------------------------------------------------
// MPI transfer

constexpr int meshTag = 7101;
constexpr std::size_t maxChunk = std::size_t{1} << 30;

void sendBytes(MPI_Comm comm, int dest, const std::vector<std::byte>& data) {
  const std::uint64_t size = data.size();
  MPI_Send(&size, 1, MPI_UINT64_T, dest, meshTag, comm);
  for (std::size_t off = 0; off < data.size(); off += maxChunk) {
    const int n = static_cast<int>(std::min(maxChunk, data.size() - off));
    MPI_Send(data.data() + off, n, MPI_BYTE, dest, meshTag, comm);
  }
}

std::vector<std::byte> receiveBytes(MPI_Comm comm, int source) {
  std::uint64_t size = 0;
  MPI_Recv(&size, 1, MPI_UINT64_T, source, meshTag, comm, MPI_STATUS_IGNORE);
  std::vector<std::byte> data(size);
  for (std::size_t off = 0; off < data.size(); off += maxChunk) {
    const int n = static_cast<int>(std::min<std::size_t>(maxChunk, data.size() - off));
    MPI_Recv(data.data() + off, n, MPI_BYTE, source, meshTag, comm, MPI_STATUS_IGNORE);
  }
  return data;
}

enum class Status : std::int64_t { ok = 0, inputError = 1, internalError = 2 };

// Rank 0's checks of the input, as (status, message).
std::pair<Status, std::string> checkInput(const PolyMesh* mesh, std::span<const int> cellToRank, int nRanks) {
  if (mesh == nullptr) return {Status::internalError, "distributeMesh: rank 0 has no mesh"};
  const Label nCells = mesh->nCells();
  if (nRanks > nCells)
    return {Status::inputError, fmt::format("{}: cannot decompose {} cells over {} ranks", mesh->name(), nCells, nRanks)};
  if (static_cast<Label>(cellToRank.size()) != nCells)
    return {Status::internalError,
            fmt::format("distributeMesh: {} cell ranks for {} cells", cellToRank.size(), nCells)};
  std::vector<Label> count(nRanks, 0);
  for (Label c = 0; c < nCells; ++c) {
    if (cellToRank[c] < 0 || cellToRank[c] >= nRanks)
      return {Status::internalError,
              fmt::format("distributeMesh: cell {} assigned to rank {} of {}", c, cellToRank[c], nRanks)};
    ++count[cellToRank[c]];
  }
  for (int r = 0; r < nRanks; ++r)
    if (count[r] == 0) return {Status::internalError, fmt::format("distributeMesh: rank {} gets no cells", r)};

  // Cyclic pairs must stay on one rank: face i of a cyclic patch and face i of
  // its partner are owned by the same rank (processor-cyclic is not supported).
  if (nRanks > 1) {
    for (const Patch& p : mesh->patches()) {
      if (p.type != "cyclic") continue;
      const Label q = mesh->findPatch(p.neighbourPatch);
      if (q < 0 || mesh->patches()[q].size != p.size) continue;  // the mesh checks report broken pairs
      const Patch& partner = mesh->patches()[q];
      for (Label i = 0; i < p.size; ++i) {
        const int ra = cellToRank[mesh->owner()[p.start + i]];
        const int rb = cellToRank[mesh->owner()[partner.start + i]];
        if (ra != rb)
          return {Status::inputError,
                  fmt::format("{}: cyclic patch '{}' face {} is on rank {} but its partner in '{}' is on rank {}; "
                              "cyclic patches split between ranks are not supported",
                              mesh->name(), p.name, i, ra, partner.name, rb)};
      }
    }
  }
  return {Status::ok, {}};
}

}  // namespace

DistributedMesh extractRankMesh(const PolyMesh& globalMesh, std::span<const int> cellToRank, int nRanks, int rank) {
  MeshSplitter splitter(globalMesh, cellToRank, nRanks);
  return splitter.extract(rank);
}

DistributedMesh distributeMesh(MPI_Comm comm, const PolyMesh* globalMesh, std::span<const int> cellToRank) {
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);

  // Rank 0 checks the input and tells everyone, so all ranks fail alike.
  std::array<std::int64_t, 2> header{0, 0};  // status, message length
  std::string message;
  if (rank == 0) {
    auto [status, text] = checkInput(globalMesh, cellToRank, size);
    header = {static_cast<std::int64_t>(status), static_cast<std::int64_t>(text.size())};
    message = std::move(text);
  }
  MPI_Bcast(header.data(), 2, MPI_INT64_T, 0, comm);
  if (header[0] != 0) {
    message.resize(header[1]);
    MPI_Bcast(message.data(), static_cast<int>(header[1]), MPI_CHAR, 0, comm);
    // Every rank throws here with the same message: a collective failure,
    // printed once by rank 0 (parallel_error.hpp).
    if (static_cast<Status>(header[0]) == Status::inputError) throw CollectiveError(message);
    throw CollectiveError("internal: " + message);
  }

  if (rank != 0) return unpack(receiveBytes(comm, 0));
  MeshSplitter splitter(*globalMesh, cellToRank, size);
  for (int r = 1; r < size; ++r) sendBytes(comm, r, pack(splitter.extract(r)));
  return splitter.extract(0);
}

// ---------------------------------------------------------------------------
// Report

GlobalLabel DecompositionReport::Rank::totalProcessorFaces() const {
  return std::accumulate(processorFaces.begin(), processorFaces.end(), GlobalLabel{0});
}

GlobalLabel DecompositionReport::totalCells() const {
  GlobalLabel n = 0;
  for (const Rank& r : ranks) n += r.cells;
  return n;
}

GlobalLabel DecompositionReport::sharedFaces() const {
  GlobalLabel n = 0;
  for (const Rank& r : ranks) n += r.totalProcessorFaces();
  return n / 2;
}

double DecompositionReport::loadImbalance() const {
  if (ranks.empty()) return 0.0;
  GlobalLabel most = 0;
  for (const Rank& r : ranks) most = std::max(most, r.cells);
  const double mean = static_cast<double>(totalCells()) / static_cast<double>(ranks.size());
  return mean > 0 ? static_cast<double>(most) / mean - 1.0 : 0.0;
}

std::string DecompositionReport::toText() const {
  std::string out = fmt::format("{:>6} {:>12} {:>12}  {}\n", "rank", "cells", "proc faces", "neighbours");
  for (std::size_t r = 0; r < ranks.size(); ++r) {
    std::string nbrs;
    for (std::size_t i = 0; i < ranks[r].neighbours.size(); ++i)
      nbrs += fmt::format("{}{}({})", i ? " " : "", ranks[r].neighbours[i], ranks[r].processorFaces[i]);
    out += fmt::format("{:>6} {:>12} {:>12}  {}\n", r, ranks[r].cells, ranks[r].totalProcessorFaces(), nbrs);
  }
  out += fmt::format("{} ranks, {} cells, {} shared faces, load imbalance {:.2f} %\n", ranks.size(), totalCells(),
                     sharedFaces(), 100.0 * loadImbalance());
  return out;
}

DecompositionReport gatherDecompositionReport(MPI_Comm comm, const DistributedMesh& local) {
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);

  // [cells, nNeighbours, (neighbour, faces)...]
  std::vector<std::int64_t> mine{local.nOwnedCells, static_cast<std::int64_t>(local.halo.neighbours.size())};
  for (int nbr : local.halo.neighbours) {
    Label faces = 0;
    for (const Patch& p : local.mesh.patches())
      if (p.type == "processor" && p.neighbourRank == nbr) faces += p.size;
    mine.push_back(nbr);
    mine.push_back(faces);
  }
  const int count = static_cast<int>(mine.size());
  std::vector<int> counts(rank == 0 ? size : 0), displs(rank == 0 ? size : 0);
  MPI_Gather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, comm);
  std::vector<std::int64_t> all;
  if (rank == 0) {
    std::partial_sum(counts.begin(), counts.end() - 1, displs.begin() + 1);
    all.resize(static_cast<std::size_t>(displs.back()) + counts.back());
  }
  MPI_Gatherv(mine.data(), count, MPI_INT64_T, all.data(), counts.data(), displs.data(), MPI_INT64_T, 0, comm);

  DecompositionReport report;
  if (rank != 0) return report;
  report.ranks.resize(size);
  for (int r = 0; r < size; ++r) {
    const std::int64_t* p = all.data() + displs[r];
    DecompositionReport::Rank& info = report.ranks[r];
    info.cells = p[0];
    for (std::int64_t i = 0; i < p[1]; ++i) {
      info.neighbours.push_back(static_cast<int>(p[2 + 2 * i]));
      info.processorFaces.push_back(static_cast<Label>(p[3 + 2 * i]));
    }
  }
  return report;
}

}  // namespace sluice::parallel
