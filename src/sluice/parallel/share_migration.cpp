#include "sluice/parallel/share_migration.hpp"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <unordered_map>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/core/release.hpp"

namespace sluice::parallel {

namespace {

using mesh::FaceList;
using mesh::Patch;

// Record layout in the face messages: id, owner, neighbour, sides, vertices...
// `sides` packs what the receiving part needs besides the ids: the part of
// the face's other cell plus one (0: a boundary face; the receiver's own part
// for a face between two of its cells), whether the receiver holds the
// neighbour cell rather than the owner, and the number of vertices.
constexpr std::size_t kFaceHeader = 4;

GlobalLabel packSides(int otherPart, bool receiverIsNeighbour, std::size_t nVertices) {
  const auto other = static_cast<std::uint64_t>(static_cast<std::uint32_t>(otherPart + 1));
  return static_cast<GlobalLabel>(other << 32 | static_cast<std::uint64_t>(receiverIsNeighbour) << 31 |
                                  static_cast<std::uint64_t>(nVertices));
}

// The face's parts (ownerPart, neighbourPart; -1: none) and vertex count, at part `me`.
struct Sides {
  int ownerPart, neighbourPart;
  Label nVertices;
};
Sides unpackSides(GlobalLabel packed, int me) {
  const auto bits = static_cast<std::uint64_t>(packed);
  const int other = static_cast<int>(bits >> 32) - 1;
  const auto nVertices = static_cast<Label>(bits & 0x7fffffffU);
  return (bits >> 31 & 1U) != 0 ? Sides{other, me, nVertices} : Sides{me, other, nVertices};
}

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

std::uint64_t ShareMigration::ArrivedFace::range(std::size_t firstVertex, Label nVertices) {
  static_assert(sizeof(ArrivedFace) == 40, "three ids, two parts and the vertex range");
  constexpr std::uint64_t maxCount = (std::uint64_t{1} << kCountBits) - 1;
  if (nVertices < 0 || static_cast<std::uint64_t>(nVertices) > maxCount)
    throw InputError(fmt::format("start-up: a face with {} vertices (at most {})", nVertices, maxCount));
  if (static_cast<std::uint64_t>(firstVertex) >> (64 - kCountBits) != 0)
    throw Error(fmt::format("start-up: {} face vertices on one rank", firstVertex));
  return static_cast<std::uint64_t>(firstVertex) << kCountBits | static_cast<std::uint64_t>(nVertices);
}

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
  release(asks);
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

ShareMigration::Arrived ShareMigration::arrive(ShareFaces keepOrRelease) {
  MeshShare& share = share_;
  const int me = rank_;
  // Faces to the other parts of their cells, packed once (they are the
  // start-up's largest message); the faces of this rank's own part are read
  // from the share below, never copied through the message buffers.
  GroupedByRank<GlobalLabel> toRank(size_);
  for (int pass = 0; pass < 2; ++pass) {
    if (pass == 1) toRank.allocate();
    for (std::size_t i = 0; i < share.faceIds.size(); ++i) {
      const auto verts = share.faces[static_cast<Label>(i)];
      auto put = [&](int dest, int otherPart, bool destIsNeighbour) {
        if (dest == me) return;
        if (pass == 0) {
          toRank.count(dest, kFaceHeader + verts.size());
          return;
        }
        for (GlobalLabel v : {share.faceIds[i], share.owner[i], share.neighbour[i],
                              packSides(otherPart, destIsNeighbour, verts.size())})
          toRank.put(dest, v);
        for (Label v : verts) toRank.put(dest, v);
      };
      put(ownerPart_[i], neighbourPart_[i], false);
      if (neighbourPart_[i] >= 0 && neighbourPart_[i] != ownerPart_[i]) put(neighbourPart_[i], ownerPart_[i], true);
    }
  }
  Received<GlobalLabel> stream = exchangeWithAll(comm_, std::move(toRank), traffic_);

  // Sized exactly: these are the largest arrays of the start-up after the messages.
  std::size_t nArrived = 0, nArrivedVertices = 0;
  for (std::size_t pos = 0; pos < stream.values.size(); ++nArrived) {
    const auto n = static_cast<std::size_t>(unpackSides(stream.values[pos + 3], me).nVertices);
    nArrivedVertices += n;
    pos += kFaceHeader + n;
  }
  for (std::size_t i = 0; i < share.faceIds.size(); ++i)
    if (ownerPart_[i] == me || neighbourPart_[i] == me) {
      ++nArrived;
      nArrivedVertices += share.faces[static_cast<Label>(i)].size();
    }
  Arrived result;
  std::vector<ArrivedFace>& arrived = result.faces;
  std::vector<Label>& arrivedVertices = result.vertices;
  arrived.reserve(nArrived);
  arrivedVertices.reserve(nArrivedVertices);
  for (std::size_t pos = 0; pos < stream.values.size();) {
    const GlobalLabel* r = stream.values.data() + pos;
    const Sides sides = unpackSides(r[3], me);
    arrived.push_back({r[0], r[1], r[2], sides.ownerPart, sides.neighbourPart,
                       ArrivedFace::range(arrivedVertices.size(), sides.nVertices)});
    for (Label k = 0; k < sides.nVertices; ++k) arrivedVertices.push_back(static_cast<Label>(r[kFaceHeader + k]));
    pos += kFaceHeader + static_cast<std::size_t>(sides.nVertices);
  }
  stream = {};
  for (std::size_t i = 0; i < share.faceIds.size(); ++i) {
    if (ownerPart_[i] != me && neighbourPart_[i] != me) continue;
    const auto verts = share.faces[static_cast<Label>(i)];
    arrived.push_back({share.faceIds[i], share.owner[i], share.neighbour[i], ownerPart_[i], neighbourPart_[i],
                       ArrivedFace::range(arrivedVertices.size(), static_cast<Label>(verts.size()))});
    arrivedVertices.insert(arrivedVertices.end(), verts.begin(), verts.end());
  }
  if (keepOrRelease == ShareFaces::release) {
    release(share.faceIds);
    release(share.owner);
    release(share.neighbour);
    share.faces = mesh::FaceList();
  }
  release(ownerPart_);
  release(neighbourPart_);
  std::sort(arrived.begin(), arrived.end(), [](const ArrivedFace& a, const ArrivedFace& b) { return a.id < b.id; });
  return result;
}

// The cells of this part, in increasing global id, from the arrived faces.
std::vector<GlobalLabel> ShareMigration::ownedCells(const std::vector<ArrivedFace>& arrived) const {
  std::vector<GlobalLabel> owned;
  owned.reserve(2 * arrived.size());
  for (const ArrivedFace& f : arrived) {
    if (f.ownerPart == rank_) owned.push_back(f.owner);
    if (f.neighbourPart == rank_) owned.push_back(f.neighbour);
  }
  std::sort(owned.begin(), owned.end());
  owned.erase(std::unique(owned.begin(), owned.end()), owned.end());
  owned.shrink_to_fit();
  return owned;
}

// Collective. The coordinates of the points `faces` uses, asked of their
// holders; the faces' vertices become indices into them (increasing global id).
ShareMigration::FetchedPoints ShareMigration::fetchPoints(mesh::FaceList& faces) {
  const MeshShare& share = share_;
  FetchedPoints result;
  std::vector<GlobalLabel>& used = result.globalIds;
  {
    std::vector<Label> uses(faces.vertices().begin(), faces.vertices().end());  // a face list holds Labels
    std::sort(uses.begin(), uses.end());
    uses.erase(std::unique(uses.begin(), uses.end()), uses.end());
    used.assign(uses.begin(), uses.end());
  }
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
  release(asks);
  std::vector<std::vector<Vec3>> answers(size_);
  for (int src = 0; src < size_; ++src)
    for (GlobalLabel p : asked.from(src)) answers[src].push_back(share.points[static_cast<std::size_t>(p - share.firstPoint)]);
  result.coordinates = exchangeWithAll(comm_, answers, traffic_).values;  // in the order of `used`
  release(answers);
  for (Label f = 0; f < faces.size(); ++f)
    for (Label& v : faces.mutableFace(f)) v = localIndexOf(used, v);
  return result;
}

mesh::PolyMesh ShareMigration::globalOrientationMesh(ShareFaces keepOrRelease) {
  Arrived arrived = arrive(keepOrRelease);
  const std::vector<GlobalLabel> owned = ownedCells(arrived.faces);
  // Other parts' cells after this part's, in the order the faces meet them.
  std::unordered_map<GlobalLabel, Label> otherCell;
  auto local = [&](GlobalLabel cell) {
    const auto it = std::lower_bound(owned.begin(), owned.end(), cell);
    if (it != owned.end() && *it == cell) return static_cast<Label>(it - owned.begin());
    return otherCell.try_emplace(cell, static_cast<Label>(owned.size() + otherCell.size())).first->second;
  };
  mesh::FaceList faces;
  faces.reserve(arrived.faces.size(), arrived.vertices.size());
  std::vector<Label> owner, neighbour;
  owner.reserve(arrived.faces.size());
  // Global numbering puts the internal faces before the boundary faces.
  for (const ArrivedFace& f : arrived.faces) {
    faces.add(std::span<const Label>(arrived.vertices.data() + f.firstVertex(), static_cast<std::size_t>(f.nVertices())));
    owner.push_back(local(f.owner));
    if (f.neighbour >= 0) neighbour.push_back(local(f.neighbour));
  }
  arrived = {};
  Patch boundary;
  boundary.name = "boundary";
  boundary.type = "patch";
  boundary.start = static_cast<Label>(neighbour.size());
  boundary.size = static_cast<Label>(owner.size() - neighbour.size());
  FetchedPoints points = fetchPoints(faces);
  return mesh::PolyMesh(std::move(points.coordinates), std::move(faces), std::move(owner), std::move(neighbour),
                        {boundary}, share_.name);
}

DistributedMesh ShareMigration::build(std::span<const int> rankOfPart, ShareFaces keepOrRelease) {
  const MeshShare& share = share_;
  const int me = rank_;
  Arrived fromParts = arrive(keepOrRelease);
  std::vector<ArrivedFace>& arrived = fromParts.faces;
  std::vector<Label>& arrivedVertices = fromParts.vertices;

  DistributedMesh d;
  d.nGlobalCells = share.nGlobalCells;
  std::vector<GlobalLabel> owned = ownedCells(arrived);
  d.nOwnedCells = static_cast<Label>(owned.size());
  auto local = [&](GlobalLabel cell) { return localIndexOf(owned, cell); };

  FaceList faces;  // vertices still global point ids
  faces.reserve(arrived.size(), arrivedVertices.size());
  d.globalFaceIds.reserve(arrived.size());
  std::vector<Label> localOwner, localNeighbour;
  localOwner.reserve(arrived.size());
  std::vector<Label> scratch;
  auto addFace = [&](const ArrivedFace& f, bool flip) {
    scratch.assign(arrivedVertices.begin() + static_cast<std::ptrdiff_t>(f.firstVertex()),
                   arrivedVertices.begin() + static_cast<std::ptrdiff_t>(f.firstVertex() + f.nVertices()));
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
  localNeighbour.reserve(internal.size());
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
  release(fromParts.faces);
  release(fromParts.vertices);
  release(internal);
  release(boundary);
  release(processor);
  release(boundaryPatch);
  release(boundaryOrder);

  // Points: those the faces use, in increasing global id, asked of their holders.
  FetchedPoints points = fetchPoints(faces);
  if (static_cast<GlobalLabel>(points.globalIds.size()) != share.nGlobalPoints)
    d.globalPointIds = std::move(points.globalIds);
  const std::string name = size_ == 1 ? share.name : fmt::format("processor{}/{}", myRank, share.name);
  localOwner.shrink_to_fit();
  localNeighbour.shrink_to_fit();
  d.mesh = mesh::PolyMesh(std::move(points.coordinates), std::move(faces),
                          std::move(localOwner), std::move(localNeighbour), std::move(patches), name);
  // The arrays were grown face by face (the ids from one entry per face side
  // and vertex before the duplicates went): keep only what is used, as they
  // live for the whole run.
  for (auto* ids : {&d.globalCellIds, &d.globalFaceIds, &d.globalPointIds}) ids->shrink_to_fit();
  d.processorFaceGhost.shrink_to_fit();
  return d;
}

}  // namespace sluice::parallel
