#include "sluice/linear/gamg/agglomeration.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <utility>

#include "sluice/linear/gamg/multigrid_mesh.hpp"
#include "sluice/linear/gamg/pair_agglomeration.hpp"

namespace sluice::linear {

namespace {

constexpr int kTagBase = 24400;  // level k exchanges with tag kTagBase + k
constexpr int kMaxLevels = 50;   // OpenFOAM's maxLevels

std::shared_ptr<LduAddressing> ownedAddressing(Label nCells, std::vector<Label> lower, std::vector<Label> upper) {
  auto a = std::make_shared<LduAddressing>();
  a->nCells = a->nLocalCells = nCells;
  a->setFaces(std::move(lower), std::move(upper));
  return a;
}

/// Distinct values in ascending order.
std::vector<Label> distinctSorted(std::vector<Label> v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

}  // namespace

const LduAddressing& Agglomeration::addressing(int k) const {
  return k == 0 ? *mesh_->addressing() : *level(k).addressing;
}

Agglomeration::Agglomeration(const MultigridMesh& mesh, const AgglomerationSettings& settings) : mesh_(&mesh) {
  const parallel::Communicator& comm = mesh.comm();
  ghosts_.push_back(std::make_unique<LayoutGhosts>(comm, mesh.ghosts(), kTagBase));
  const LduAddressing& finest = *mesh.addressing();
  globalCells_.push_back(comm.sum(static_cast<long long>(finest.nCells)));
  const long long floor = static_cast<long long>(comm.size()) * settings.nCellsInCoarsestLevel;

  // The pairing runs on an owned-cells-only copy of the current grouping;
  // `composed` maps the last finished level's cells onto it (mergeLevels).
  // The first copy is in the mesh's pairing order, faces sorted by (lower,
  // upper) there as OpenFOAM keeps them; groups are numbered as met.
  const std::vector<Label>& order = mesh.pairingOrder();
  std::shared_ptr<LduAddressing> pairing;
  std::vector<Scalar> weights;
  if (order.empty()) {
    pairing = ownedAddressing(finest.nCells, {finest.lower.begin(), finest.lower.end()},
                              {finest.upper.begin(), finest.upper.end()});
    weights = mesh.faceWeights();
  } else {
    std::vector<Label> faces(static_cast<std::size_t>(finest.nFaces()));
    std::vector<std::pair<Label, Label>> ends(faces.size());
    for (Label f = 0; f < finest.nFaces(); ++f) {
      const Label a = order[finest.lower[f]], b = order[finest.upper[f]];
      ends[f] = {std::min(a, b), std::max(a, b)};
      faces[f] = f;
    }
    std::sort(faces.begin(), faces.end(), [&](Label x, Label y) { return ends[x] < ends[y]; });
    std::vector<Label> lower, upper;
    lower.reserve(faces.size());
    upper.reserve(faces.size());
    for (Label f : faces) {
      lower.push_back(ends[f].first);
      upper.push_back(ends[f].second);
      weights.push_back(mesh.faceWeights()[f]);
    }
    pairing = ownedAddressing(finest.nCells, std::move(lower), std::move(upper));
  }
  std::vector<Label> composed;
  Label nComposed = 0;
  int pendingSteps = 0;  // pairing steps in `composed` not yet made a level
  bool forward = true;
  int pairSteps = 0;

  auto finishLevel = [&] {
    const int k = nLevels();  // the level being made
    const LduAddressing& fine = addressing(k - 1);
    const GhostLayout& fineLayout = k == 1 ? mesh.ghosts() : level(k - 1).ghostLayout;
    CoarseLevel c;
    c.restrictMap = std::move(composed);
    if (k == 1 && !order.empty()) {  // composed is indexed by the pairing order
      std::vector<Label> byCell(c.restrictMap.size());
      for (std::size_t i = 0; i < byCell.size(); ++i) byCell[i] = c.restrictMap[order[i]];
      c.restrictMap = std::move(byCell);
    }
    const Label nCoarse = nComposed;
    const CoarseFaces faces = coarsenFaces(fine, c.restrictMap, nCoarse);
    c.faceMap = faces.faceMap;
    c.faceFlipped = faces.flipped;

    // Each fine ghost learns the coarse cell its owner put it in.
    std::vector<double> group(static_cast<std::size_t>(fine.nLocalCells), -1.0);
    for (Label i = 0; i < fine.nCells; ++i) group[i] = static_cast<double>(c.restrictMap[i]);
    ghosts(k - 1).startGhostUpdate(group, 1);
    ghosts(k - 1).finishGhostUpdate();

    std::vector<Label> ghostMap(static_cast<std::size_t>(fine.nLocalCells - fine.nCells), -1);
    Label next = nCoarse;
    const parallel::HaloPattern& fp = fineLayout.processor;
    parallel::HaloPattern& cp = c.ghostLayout.processor;
    cp.neighbours = fp.neighbours;
    for (std::size_t n = 0; n < fp.neighbours.size(); ++n) {
      std::vector<Label> remote;
      for (Label g : fp.recvCells[n]) remote.push_back(static_cast<Label>(group[g]));
      remote = distinctSorted(std::move(remote));
      std::vector<Label> recv;
      for (std::size_t i = 0; i < remote.size(); ++i) recv.push_back(next + static_cast<Label>(i));
      for (Label g : fp.recvCells[n]) {
        const auto at = std::lower_bound(remote.begin(), remote.end(), static_cast<Label>(group[g]));
        ghostMap[g - fine.nCells] = next + static_cast<Label>(at - remote.begin());
      }
      next += static_cast<Label>(remote.size());
      cp.recvCells.push_back(std::move(recv));
      std::vector<Label> send;
      for (Label cell : fp.sendCells[n]) send.push_back(c.restrictMap[cell]);
      cp.sendCells.push_back(distinctSorted(std::move(send)));
    }
    std::map<Label, Label> copyOf;  // coarse source cell -> its copy ghost
    for (std::size_t i = 0; i < fineLayout.copyGhost.size(); ++i) {
      const Label source = c.restrictMap[fineLayout.copySource[i]];
      auto [it, added] = copyOf.emplace(source, next);
      if (added) {
        c.ghostLayout.copyGhost.push_back(next++);
        c.ghostLayout.copySource.push_back(source);
      }
      ghostMap[fineLayout.copyGhost[i] - fine.nCells] = it->second;
    }

    auto a = ownedAddressing(nCoarse, faces.lower, faces.upper);
    a->nLocalCells = next;
    std::map<std::pair<Label, Label>, Label> coupled;  // (row, ghost) -> coarse coupled face
    c.coupleMap.resize(fine.coupleRow.size());
    for (std::size_t i = 0; i < fine.coupleRow.size(); ++i) {
      const std::pair<Label, Label> key{c.restrictMap[fine.coupleRow[i]], ghostMap[fine.coupleGhost[i] - fine.nCells]};
      auto [it, added] = coupled.emplace(key, static_cast<Label>(a->coupleRow.size()));
      if (added) {
        a->coupleRow.push_back(key.first);
        a->coupleGhost.push_back(key.second);
        a->coupleFace.push_back(static_cast<Label>(i));
      }
      c.coupleMap[i] = it->second;
    }
    checkAddressing(*a);
    c.addressing = std::move(a);
    coarse_.push_back(std::move(c));
    ghosts_.push_back(std::make_unique<LayoutGhosts>(comm, coarse_.back().ghostLayout, kTagBase + k));
  };

  while (nLevels() < kMaxLevels) {
    const CellGroups g = pairCells(*pairing, weights, forward);
    forward = !forward;
    std::array<long long, 2> totals{pairing->nCells, g.nGroups};
    comm.sumInPlace(totals);
    if (totals[1] < floor || totals[1] >= totals[0]) break;
    const CoarseFaces faces = coarsenFaces(*pairing, g.cellToGroup, g.nGroups);
    weights = restrictFaceValues(faces, weights);
    pairing = ownedAddressing(g.nGroups, faces.lower, faces.upper);
    if (pendingSteps++ == 0)
      composed = g.cellToGroup;
    else
      for (Label& v : composed) v = g.cellToGroup[v];
    nComposed = g.nGroups;
    if (++pairSteps % settings.mergeLevels == 0) {
      globalCells_.push_back(totals[1]);
      finishLevel();
      pendingSteps = 0;
    }
  }
  if (pendingSteps > 0) {  // a level with fewer than mergeLevels steps
    globalCells_.push_back(comm.sum(static_cast<long long>(nComposed)));
    finishLevel();
  }
  gatherCoarsest();
}

void Agglomeration::gatherCoarsest() {
  const parallel::Communicator& comm = mesh_->comm();
  const int coarsest = nLevels() - 1;
  const LduAddressing& a = addressing(coarsest);
  GatheredCoarsest& g = gathered_;
  auto countsAndDispls = [&](long long mine, std::vector<int>& counts, std::vector<int>& displs) {
    const std::vector<long long> all = comm.allGather(mine);
    counts.assign(all.begin(), all.end());
    displs.assign(counts.size(), 0);
    for (std::size_t r = 1; r < counts.size(); ++r) displs[r] = displs[r - 1] + counts[r - 1];
    return static_cast<long long>(displs.back()) + counts.back();
  };
  const long long nTotal = countsAndDispls(a.nCells, g.cellCounts, g.cellDispls);

  // Global number of every local cell, ghosts through the level's halo.
  std::vector<double> id(static_cast<std::size_t>(a.nLocalCells), -1.0);
  for (Label c = 0; c < a.nCells; ++c) id[c] = static_cast<double>(g.cellDispls[comm.rank()] + c);
  ghosts(coarsest).startGhostUpdate(id, 1);
  ghosts(coarsest).finishGhostUpdate();

  // This rank's contributions (row, column) in CoarsestSolver's order:
  // diagonal, per face upper then lower, coupled faces.
  std::vector<long long> pairs;
  auto add = [&](double row, double col) {
    pairs.push_back(static_cast<long long>(row));
    pairs.push_back(static_cast<long long>(col));
  };
  for (Label c = 0; c < a.nCells; ++c) add(id[c], id[c]);
  for (Label f = 0; f < a.nFaces(); ++f) {
    add(id[a.lower[f]], id[a.upper[f]]);
    add(id[a.upper[f]], id[a.lower[f]]);
  }
  for (Label i = 0; i < a.nCoupled(); ++i) add(id[a.coupleRow[i]], id[a.coupleGhost[i]]);
  const long long nCoeffs = countsAndDispls(static_cast<long long>(pairs.size() / 2), g.coeffCounts, g.coeffDispls);
  std::vector<int> pairCounts(g.coeffCounts.size()), pairDispls(g.coeffCounts.size());
  for (std::size_t r = 0; r < pairCounts.size(); ++r) {
    pairCounts[r] = 2 * g.coeffCounts[r];
    pairDispls[r] = 2 * g.coeffDispls[r];
  }
  std::vector<long long> all(2 * static_cast<std::size_t>(nCoeffs));
  comm.allGatherV(pairs, all, pairCounts, pairDispls);

  std::vector<std::pair<long long, long long>> faces;
  for (long long i = 0; i < nCoeffs; ++i) {
    const long long r = all[2 * i], c = all[2 * i + 1];
    if (r != c) faces.emplace_back(std::min(r, c), std::max(r, c));
  }
  std::sort(faces.begin(), faces.end());
  faces.erase(std::unique(faces.begin(), faces.end()), faces.end());
  std::vector<Label> lower, upper;
  lower.reserve(faces.size());
  upper.reserve(faces.size());
  for (const auto& [lo, hi] : faces) {
    lower.push_back(static_cast<Label>(lo));
    upper.push_back(static_cast<Label>(hi));
  }
  auto whole = ownedAddressing(static_cast<Label>(nTotal), std::move(lower), std::move(upper));
  checkAddressing(*whole);
  g.slot.resize(static_cast<std::size_t>(nCoeffs));
  for (long long i = 0; i < nCoeffs; ++i) {
    const long long r = all[2 * i], c = all[2 * i + 1];
    if (r == c) {
      g.slot[i] = static_cast<Label>(-1 - r);
      continue;
    }
    const auto at = std::lower_bound(faces.begin(), faces.end(), std::make_pair(std::min(r, c), std::max(r, c)));
    g.slot[i] = static_cast<Label>(2 * (at - faces.begin()) + (r > c ? 1 : 0));
  }
  g.addressing = std::move(whole);
}

}  // namespace sluice::linear
