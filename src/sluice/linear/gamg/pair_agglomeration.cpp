#include "sluice/linear/gamg/pair_agglomeration.hpp"

#include <limits>

namespace sluice::linear {

CellGroups pairCells(const LduAddressing& a, std::span<const Scalar> weights, bool forward) {
  const Label n = a.nCells;
  const Label nFaces = a.nFaces();
  // Per cell its faces: first those where it is the upper cell, then the lower.
  std::vector<Label> start(static_cast<std::size_t>(n) + 1, 0), cellFaces(2 * static_cast<std::size_t>(nFaces));
  for (Label f = 0; f < nFaces; ++f) {
    ++start[a.upper[f] + 1];
    ++start[a.lower[f] + 1];
  }
  for (Label c = 0; c < n; ++c) start[c + 1] += start[c];
  std::vector<Label> fill(start.begin(), start.end() - 1);
  for (Label f = 0; f < nFaces; ++f) cellFaces[fill[a.upper[f]]++] = f;
  for (Label f = 0; f < nFaces; ++f) cellFaces[fill[a.lower[f]]++] = f;

  CellGroups g;
  g.cellToGroup.assign(static_cast<std::size_t>(n), -1);
  std::vector<Label>& group = g.cellToGroup;
  constexpr Scalar kLowest = -std::numeric_limits<Scalar>::max();
  for (Label k = 0; k < n; ++k) {
    const Label c = forward ? k : n - 1 - k;
    if (group[c] >= 0) continue;
    Label match = -1;
    Scalar best = kLowest;
    for (Label i = start[c]; i < start[c + 1]; ++i) {
      const Label f = cellFaces[i];
      if (group[a.upper[f]] < 0 && group[a.lower[f]] < 0 && weights[f] > best) {
        match = f;
        best = weights[f];
      }
    }
    if (match >= 0) {
      group[a.upper[match]] = group[a.lower[match]] = g.nGroups++;
      continue;
    }
    Label cluster = -1;  // no ungrouped neighbour: join the group across the heaviest face
    best = kLowest;
    for (Label i = start[c]; i < start[c + 1]; ++i) {
      const Label f = cellFaces[i];
      if (weights[f] > best) {
        cluster = f;
        best = weights[f];
      }
    }
    if (cluster >= 0) group[c] = std::max(group[a.upper[cluster]], group[a.lower[cluster]]);
  }
  for (Label k = 0; k < n; ++k) {  // cells without faces
    const Label c = forward ? k : n - 1 - k;
    if (group[c] < 0) group[c] = g.nGroups++;
  }
  if (!forward)  // reversed numbering, so the groups again run in the direction of the cells
    for (Label& v : group) v = g.nGroups - 1 - v;
  return g;
}

CoarseFaces coarsenFaces(const LduAddressing& fine, std::span<const Label> cellToGroup, Label nGroups) {
  const Label nFine = fine.nFaces();
  CoarseFaces out;
  out.faceMap.assign(static_cast<std::size_t>(nFine), 0);
  out.flipped.assign(static_cast<std::size_t>(nFine), 0);
  // Coarse faces of each lower group in order of creation: (upper group, creation id).
  std::vector<std::vector<std::pair<Label, Label>>> byLower(static_cast<std::size_t>(nGroups));
  Label nCreated = 0;
  for (Label f = 0; f < nFine; ++f) {
    const Label gl = cellToGroup[fine.lower[f]], gu = cellToGroup[fine.upper[f]];
    if (gl == gu) {
      out.faceMap[f] = -1 - gl;
      continue;
    }
    const Label lo = std::min(gl, gu), hi = std::max(gl, gu);
    out.flipped[f] = gl > gu;
    auto& list = byLower[lo];
    Label id = -1;
    for (const auto& [upper, created] : list)
      if (upper == hi) {
        id = created;
        break;
      }
    if (id < 0) {
      id = nCreated++;
      list.emplace_back(hi, id);
    }
    out.faceMap[f] = id;
  }
  // Renumber: by lower group, then creation order within it.
  std::vector<Label> renumber(static_cast<std::size_t>(nCreated));
  out.lower.reserve(nCreated);
  out.upper.reserve(nCreated);
  for (Label g = 0; g < nGroups; ++g)
    for (const auto& [upper, created] : byLower[g]) {
      renumber[created] = static_cast<Label>(out.lower.size());
      out.lower.push_back(g);
      out.upper.push_back(upper);
    }
  for (Label f = 0; f < nFine; ++f)
    if (out.faceMap[f] >= 0) out.faceMap[f] = renumber[out.faceMap[f]];
  return out;
}

std::vector<Scalar> restrictFaceValues(const CoarseFaces& faces, std::span<const Scalar> fine) {
  std::vector<Scalar> coarse(faces.lower.size(), 0.0);
  for (std::size_t f = 0; f < faces.faceMap.size(); ++f)
    if (faces.faceMap[f] >= 0) coarse[faces.faceMap[f]] += fine[f];
  return coarse;
}

}  // namespace sluice::linear
