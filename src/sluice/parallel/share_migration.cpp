#include "sluice/parallel/share_migration.hpp"

#include <algorithm>
#include <numeric>
#include <unordered_map>

#include <fmt/format.h>

#include "sluice/core/error.hpp"

namespace sluice::parallel {

namespace {

using mesh::FaceList;
using mesh::Patch;

// A face as it arrives: global ids, the parts of its cells, its vertices
// (global point ids) at [firstVertex, firstVertex + nVertices) of the
// received vertex list.
struct ArrivedFace {
  GlobalLabel id = 0, owner = 0, neighbour = -1;
  int ownerPart = 0, neighbourPart = -1;
  std::size_t firstVertex = 0;
  Label nVertices = 0;
};

// Record layout in the face messages: id, owner, neighbour, ownerPart,
// neighbourPart, nVertices, vertices...
constexpr std::size_t kFaceHeader = 6;

Label localIndexOf(const std::vector<GlobalLabel>& sorted, GlobalLabel id) {
  return static_cast<Label>(std::lower_bound(sorted.begin(), sorted.end(), id) - sorted.begin());
}

// Patch index of a boundary face from the global patch list (patches in face order).
class PatchLookup {
 public:
  explicit PatchLookup(const std::vector<Patch>& patches) {
    for (std::size_t p = 0; p < patches.size(); ++p)
      if (patches[p].size > 0) nonEmpty_.push_back({patches[p].start, patches[p].start + patches[p].size, p});
    std::sort(nonEmpty_.begin(), nonEmpty_.end(), [](const Range& a, const Range& b) { return a.start < b.start; });
  }
  std::size_t patchOf(GlobalLabel face, const std::string& meshName) const {
    auto it = std::upper_bound(nonEmpty_.begin(), nonEmpty_.end(), face,
                               [](GlobalLabel f, const Range& r) { return f < r.start; });
    if (it == nonEmpty_.begin() || face >= std::prev(it)->end)
      throw InputError(fmt::format("{}: boundary face {} is in no patch", meshName, face));
    return std::prev(it)->patch;
  }

 private:
  struct Range {
    GlobalLabel start, end;
    std::size_t patch;
  };
  std::vector<Range> nonEmpty_;
};

}  // namespace

ShareMigration::ShareMigration(MPI_Comm comm, MeshShare& share, const IdRanges& cellBlocks,
                               std::span<const int> blockPart, StartupTraffic& traffic)
    : comm_(comm), share_(share), traffic_(traffic) {
  MPI_Comm_rank(comm, &rank_);
  MPI_Comm_size(comm, &size_);

  // The parts of the cells of the faces held here, asked of the cells' block ranks.
  std::vector<GlobalLabel> cells;
  cells.reserve(2 * share.faceIds.size());
  for (std::size_t i = 0; i < share.faceIds.size(); ++i) {
    cells.push_back(share.owner[i]);
    if (share.neighbour[i] >= 0) cells.push_back(share.neighbour[i]);
  }
  std::sort(cells.begin(), cells.end());
  cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
  std::vector<std::vector<GlobalLabel>> asks(size_);
  for (GlobalLabel c : cells) asks[cellBlocks.rankOf(c)].push_back(c);  // ascending: grouped by rank in order
  const Received<GlobalLabel> asked = exchangeWithAll(comm, asks, traffic);
  asks = {};
  std::vector<std::vector<int>> answers(size_);
  const GlobalLabel first = cellBlocks.first(rank_);
  for (int src = 0; src < size_; ++src)
    for (GlobalLabel c : asked.from(src)) answers[src].push_back(blockPart[static_cast<std::size_t>(c - first)]);
  const Received<int> parts = exchangeWithAll(comm, answers, traffic);  // in the order of `cells`

  ownerPart_.resize(share.faceIds.size());
  neighbourPart_.assign(share.faceIds.size(), -1);
  for (std::size_t i = 0; i < share.faceIds.size(); ++i) {
    ownerPart_[i] = parts.values[localIndexOf(cells, share.owner[i])];
    if (share.neighbour[i] >= 0) neighbourPart_[i] = parts.values[localIndexOf(cells, share.neighbour[i])];
  }
}

std::vector<int> ShareMigration::neighbourParts() {
  std::vector<std::vector<int>> toRank(size_);
  for (std::size_t i = 0; i < ownerPart_.size(); ++i) {
    const int a = ownerPart_[i], b = neighbourPart_[i];
    if (b < 0 || a == b) continue;
    toRank[a].push_back(b);
    toRank[b].push_back(a);
  }
  for (auto& list : toRank) {
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
  }
  Received<int> got = exchangeWithAll(comm_, toRank, traffic_);
  std::vector<int> nbrs = std::move(got.values);
  std::sort(nbrs.begin(), nbrs.end());
  nbrs.erase(std::unique(nbrs.begin(), nbrs.end()), nbrs.end());
  return nbrs;
}

DistributedMesh ShareMigration::build(std::span<const int> rankOfPart, ShareFaces keepOrRelease) {
  MeshShare& share = share_;
  // Faces to the parts of their cells, packed once (they are the start-up's largest message).
  GroupedByRank<GlobalLabel> toRank(size_);
  for (int pass = 0; pass < 2; ++pass) {
    if (pass == 1) toRank.allocate();
    for (std::size_t i = 0; i < share.faceIds.size(); ++i) {
      const auto verts = share.faces[static_cast<Label>(i)];
      auto put = [&](int dest) {
        if (pass == 0) {
          toRank.count(dest, kFaceHeader + verts.size());
          return;
        }
        for (GlobalLabel v : {share.faceIds[i], share.owner[i], share.neighbour[i],
                              static_cast<GlobalLabel>(ownerPart_[i]), static_cast<GlobalLabel>(neighbourPart_[i]),
                              static_cast<GlobalLabel>(verts.size())})
          toRank.put(dest, v);
        for (Label v : verts) toRank.put(dest, v);
      };
      put(ownerPart_[i]);
      if (neighbourPart_[i] >= 0 && neighbourPart_[i] != ownerPart_[i]) put(neighbourPart_[i]);
    }
  }
  Received<GlobalLabel> stream = exchangeWithAll(comm_, std::move(toRank), traffic_);
  if (keepOrRelease == ShareFaces::release) {
    share.faceIds = {};
    share.owner = {};
    share.neighbour = {};
    share.faces = mesh::FaceList();
  }
  ownerPart_ = {};
  neighbourPart_ = {};

  std::vector<ArrivedFace> arrived;
  std::vector<Label> arrivedVertices;
  for (std::size_t pos = 0; pos < stream.values.size();) {
    const GlobalLabel* r = stream.values.data() + pos;
    ArrivedFace f{r[0], r[1], r[2], static_cast<int>(r[3]), static_cast<int>(r[4]), arrivedVertices.size(),
                  static_cast<Label>(r[5])};
    for (Label k = 0; k < f.nVertices; ++k) arrivedVertices.push_back(static_cast<Label>(r[kFaceHeader + k]));
    arrived.push_back(f);
    pos += kFaceHeader + static_cast<std::size_t>(f.nVertices);
  }
  stream = {};
  std::sort(arrived.begin(), arrived.end(), [](const ArrivedFace& a, const ArrivedFace& b) { return a.id < b.id; });

  const int me = rank_;
  DistributedMesh d;
  d.nGlobalCells = share.nGlobalCells;
  std::vector<GlobalLabel> owned;
  for (const ArrivedFace& f : arrived) {
    if (f.ownerPart == me) owned.push_back(f.owner);
    if (f.neighbourPart == me) owned.push_back(f.neighbour);
  }
  std::sort(owned.begin(), owned.end());
  owned.erase(std::unique(owned.begin(), owned.end()), owned.end());
  d.nOwnedCells = static_cast<Label>(owned.size());
  auto local = [&](GlobalLabel cell) { return localIndexOf(owned, cell); };

  FaceList faces;  // vertices still global point ids
  std::vector<Label> localOwner, localNeighbour;
  std::vector<Label> scratch;
  auto addFace = [&](const ArrivedFace& f, bool flip) {
    scratch.assign(arrivedVertices.begin() + static_cast<std::ptrdiff_t>(f.firstVertex),
                   arrivedVertices.begin() + static_cast<std::ptrdiff_t>(f.firstVertex + f.nVertices));
    if (flip) std::reverse(scratch.begin() + 1, scratch.end());  // keep vertex 0: the normal turns round
    faces.add(scratch);
    d.globalFaceIds.push_back(f.id);
  };

  // Internal faces, upper-triangular in local numbering (which keeps the global order).
  struct InternalFace {
    Label lo, hi;
    std::size_t face;
    bool flip;
  };
  std::vector<InternalFace> internal;
  std::vector<std::size_t> boundary, processor;
  const PatchLookup patchLookup(share.patches);
  std::vector<std::size_t> boundaryPatch;
  for (std::size_t i = 0; i < arrived.size(); ++i) {
    const ArrivedFace& f = arrived[i];
    if (f.neighbour < 0) {
      boundary.push_back(i);
    } else if (f.ownerPart == me && f.neighbourPart == me) {
      const Label a = local(f.owner), b = local(f.neighbour);
      internal.push_back(a < b ? InternalFace{a, b, i, false} : InternalFace{b, a, i, true});
    } else {
      processor.push_back(i);
    }
  }
  std::stable_sort(internal.begin(), internal.end(),
                   [](const InternalFace& x, const InternalFace& y) { return x.lo != y.lo ? x.lo < y.lo : x.hi < y.hi; });
  for (const InternalFace& f : internal) {
    addFace(arrived[f.face], f.flip);
    localOwner.push_back(f.lo);
    localNeighbour.push_back(f.hi);
  }

  // The undecomposed mesh's patches, all of them, in order; their faces in patch order.
  std::vector<Patch> patches = share.patches;
  std::vector<Label> patchSize(patches.size(), 0);
  boundaryPatch.reserve(boundary.size());
  for (std::size_t i : boundary) {
    boundaryPatch.push_back(patchLookup.patchOf(arrived[i].id, share.name));
    ++patchSize[boundaryPatch.back()];
  }
  std::vector<std::size_t> boundaryOrder(boundary.size());
  std::iota(boundaryOrder.begin(), boundaryOrder.end(), 0);
  std::stable_sort(boundaryOrder.begin(), boundaryOrder.end(),
                   [&](std::size_t a, std::size_t b) { return boundaryPatch[a] < boundaryPatch[b]; });
  Label start = static_cast<Label>(internal.size());
  for (std::size_t p = 0; p < patches.size(); ++p) {
    patches[p].start = start;
    patches[p].size = patchSize[p];
    start += patchSize[p];
  }
  for (std::size_t k : boundaryOrder) {
    addFace(arrived[boundary[k]], false);
    localOwner.push_back(local(arrived[boundary[k]].owner));
  }

  // Processor faces grouped by neighbour rank (ascending in the run's numbering), face order within.
  auto otherPart = [&](std::size_t i) {
    return arrived[i].ownerPart == me ? arrived[i].neighbourPart : arrived[i].ownerPart;
  };
  std::stable_sort(processor.begin(), processor.end(),
                   [&](std::size_t a, std::size_t b) { return rankOfPart[otherPart(a)] < rankOfPart[otherPart(b)]; });
  d.firstProcessorFace = start;
  d.processorFaceGhost.reserve(processor.size());
  std::vector<char> sent(owned.size(), 0);
  std::vector<GlobalLabel> ghosts;
  std::unordered_map<GlobalLabel, Label> ghostOf;
  const int myRank = rankOfPart[me];
  for (std::size_t i = 0; i < processor.size();) {
    const int nbr = rankOfPart[otherPart(processor[i])];
    std::size_t end = i;
    while (end < processor.size() && rankOfPart[otherPart(processor[end])] == nbr) ++end;

    patches.push_back(processorPatch(myRank, nbr, start, static_cast<Label>(end - i)));
    start += patches.back().size;

    std::vector<Label> sendCells, recvCells;
    for (std::size_t k = i; k < end; ++k) {
      const ArrivedFace& f = arrived[processor[k]];
      const bool ownerHere = f.ownerPart == me;
      const GlobalLabel mine = ownerHere ? f.owner : f.neighbour;
      const GlobalLabel other = ownerHere ? f.neighbour : f.owner;
      addFace(f, !ownerHere);
      const Label l = local(mine);
      localOwner.push_back(l);
      if (!sent[l]) {
        sent[l] = 1;
        sendCells.push_back(l);
      }
      auto [it, isNew] = ghostOf.try_emplace(other, d.nOwnedCells + static_cast<Label>(ghosts.size()));
      if (isNew) {
        ghosts.push_back(other);
        recvCells.push_back(it->second);
      }
      d.processorFaceGhost.push_back(it->second);
    }
    for (Label c : sendCells) sent[c] = 0;
    d.halo.neighbours.push_back(nbr);
    d.halo.sendCells.push_back(std::move(sendCells));
    d.halo.recvCells.push_back(std::move(recvCells));
    i = end;
  }
  d.nGhostCells = static_cast<Label>(ghosts.size());
  d.globalCellIds = std::move(owned);
  d.globalCellIds.insert(d.globalCellIds.end(), ghosts.begin(), ghosts.end());
  arrived = {};
  arrivedVertices = {};

  // Points: those the faces use, in increasing global id, asked of their holders.
  std::vector<GlobalLabel> used(faces.vertices().begin(), faces.vertices().end());
  std::sort(used.begin(), used.end());
  used.erase(std::unique(used.begin(), used.end()), used.end());
  std::vector<GlobalLabel> starts(static_cast<std::size_t>(size_) + 1, share.nGlobalPoints);
  GlobalLabel firstPoint = share.firstPoint;
  MPI_Allgather(&firstPoint, 1, MPI_INT64_T, starts.data(), 1, MPI_INT64_T, comm_);
  const IdRanges pointRanges = IdRanges::fromStarts(std::move(starts));
  std::vector<std::vector<GlobalLabel>> asks(size_);
  for (GlobalLabel p : used) {
    if (p < 0 || p >= share.nGlobalPoints)
      throw InputError(fmt::format("{}: a face uses point {} of {}", share.name, p, share.nGlobalPoints));
    asks[pointRanges.rankOf(p)].push_back(p);
  }
  const Received<GlobalLabel> asked = exchangeWithAll(comm_, asks, traffic_);
  asks = {};
  std::vector<std::vector<Vec3>> answers(size_);
  for (int src = 0; src < size_; ++src)
    for (GlobalLabel p : asked.from(src)) answers[src].push_back(share.points[static_cast<std::size_t>(p - share.firstPoint)]);
  Received<Vec3> coords = exchangeWithAll(comm_, answers, traffic_);  // in the order of `used`
  answers = {};

  std::vector<Label> vertices(faces.vertices());
  for (Label& v : vertices) v = localIndexOf(used, v);
  if (static_cast<GlobalLabel>(used.size()) != share.nGlobalPoints) d.globalPointIds = std::move(used);
  const std::string name = size_ == 1 ? share.name : fmt::format("processor{}/{}", myRank, share.name);
  localOwner.shrink_to_fit();
  localNeighbour.shrink_to_fit();
  d.mesh = mesh::PolyMesh(std::move(coords.values), FaceList(faces.offsets(), std::move(vertices)),
                          std::move(localOwner), std::move(localNeighbour), std::move(patches), name);
  // The arrays were grown face by face (the ids from one entry per face side
  // and vertex before the duplicates went): keep only what is used, as they
  // live for the whole run.
  for (auto* ids : {&d.globalCellIds, &d.globalFaceIds, &d.globalPointIds}) ids->shrink_to_fit();
  d.processorFaceGhost.shrink_to_fit();
  return d;
}

}  // namespace sluice::parallel
