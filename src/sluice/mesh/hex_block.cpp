#include "sluice/mesh/hex_block.hpp"

#include <cstdint>

#include "sluice/core/checked_count.hpp"
#include "sluice/core/error.hpp"

namespace sluice::mesh {

namespace {

// Unit-cube position of each hex vertex.
constexpr std::array<std::array<int, 3>, 8> kVertexUnit = {
    {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}}};

// edgeAt[v][d]: the block edge along direction d that has vertex v.
constexpr std::array<std::array<int, 3>, 8> makeEdgeAt() {
  std::array<std::array<int, 3>, 8> at{};
  for (int e = 0; e < 12; ++e)
    for (int end = 0; end < 2; ++end) at[HexBlock::edgeVertices[e][end]][e / 4] = e;
  return at;
}
constexpr auto kEdgeAt = makeEdgeAt();

struct EdgeDivision {
  std::vector<Vec3> points;     // n+1 points from the block edge's start to its end
  std::vector<Scalar> weights;  // n+1 parameters, 0 ... 1
};

EdgeDivision divideEdge(const Vec3& a, const Vec3& b, Label n, const Grading& grading,
                        const HexBlock::EdgeShape& shape) {
  EdgeDivision d;
  if (shape.curve == nullptr) {
    d.weights = grading.divide(n);
    d.points.resize(n + 1);
    for (Label i = 0; i <= n; ++i) d.points[i] = a + (b - a) * d.weights[i];
    d.points[0] = a;
    d.points[n] = b;
  } else if (!shape.reversed) {
    d.weights = grading.divide(n);
    d.points.resize(n + 1);
    for (Label i = 0; i <= n; ++i) d.points[i] = shape.curve->position(d.weights[i]);
  } else {
    // Divide the curve in its own direction with the grading seen from the
    // other end, then read it backwards (as blockMesh does).
    const std::vector<Scalar> lambda = grading.inverse().divide(n);
    d.weights.resize(n + 1);
    d.points.resize(n + 1);
    for (Label i = 0; i <= n; ++i) {
      d.points[i] = shape.curve->position(lambda[n - i]);
      d.weights[i] = 1 - lambda[n - i];
    }
  }
  return d;
}

}  // namespace

HexBlock::HexBlock(const std::array<Vec3, 8>& corners, const std::array<Label, 3>& cells,
                   const std::array<Grading, 12>& grading, const std::array<EdgeShape, 12>& edges)
    : n_(cells) {
  for (Label c : n_)
    if (c < 1) throw Error("HexBlock: cell counts must be positive");
  // Lattice points are numbered by Label (callers report the limit to users first).
  const auto points = checkedProduct({std::int64_t{n_[0]} + 1, std::int64_t{n_[1]} + 1, std::int64_t{n_[2]} + 1});
  if (!points || *points > kMaxLabel) throw Error("HexBlock: too many points for a Label");

  std::array<EdgeDivision, 12> div;
  bool curved = false;
  for (int e = 0; e < 12; ++e) {
    const auto [a, b] = edgeVertices[e];
    div[e] = divideEdge(corners[a], corners[b], n_[e / 4], grading[e], edges[e]);
    curved = curved || edges[e].curve != nullptr;
  }

  points_.resize(nPoints());
  std::array<Label, 3> idx{};
  for (idx[2] = 0; idx[2] <= n_[2]; ++idx[2])
    for (idx[1] = 0; idx[1] <= n_[1]; ++idx[1])
      for (idx[0] = 0; idx[0] <= n_[0]; ++idx[0]) {
        // Weight of "being at vertex v" along block edge f, at this lattice point.
        auto near = [&](int f, int v) {
          const Scalar w = div[f].weights[idx[f / 4]];
          return v == edgeVertices[f][0] ? 1 - w : w;
        };
        Vec3 blend{};
        Vec3 correction{};
        for (int d = 0; d < 3; ++d) {
          std::array<Scalar, 4> weight{};
          Scalar sum = 0;
          for (int m = 0; m < 4; ++m) {
            const int e = 4 * d + m;
            const auto [a, b] = edgeVertices[e];
            const Scalar w = div[e].weights[idx[d]];
            Scalar atA = 1 - w, atB = w;
            for (int other = 0; other < 3; ++other) {
              if (other == d) continue;
              atA *= near(kEdgeAt[a][other], a);
              atB *= near(kEdgeAt[b][other], b);
            }
            weight[m] = atA + atB;
            sum += weight[m];
          }
          for (int m = 0; m < 4; ++m) {
            const int e = 4 * d + m;
            const auto [a, b] = edgeVertices[e];
            const Scalar w = weight[m] / sum;
            const Vec3 straight = corners[a] + (corners[b] - corners[a]) * div[e].weights[idx[d]];
            blend += w * straight;
            if (curved) correction += w * (div[e].points[idx[d]] - straight);
          }
        }
        points_[pointIndex(idx[0], idx[1], idx[2])] = blend / 3.0 + correction;
      }

  // Block vertices and edge points exactly as given / as divided.
  for (int v = 0; v < 8; ++v) {
    const auto c = vertexCoords(v);
    points_[pointIndex(c[0], c[1], c[2])] = corners[v];
  }
}

std::array<Label, 3> HexBlock::vertexCoords(int v) const {
  return {kVertexUnit[v][0] * n_[0], kVertexUnit[v][1] * n_[1], kVertexUnit[v][2] * n_[2]};
}

std::vector<HexBlock::LatticeFace> HexBlock::boundaryFaces(int face) const {
  const Label ni = n_[0], nj = n_[1], nk = n_[2];
  std::vector<LatticeFace> out;
  auto p = [this](Label i, Label j, Label k) { return pointIndex(i, j, k); };
  switch (face) {
    case xMin:
      for (Label k = 0; k < nk; ++k)
        for (Label j = 0; j < nj; ++j)
          out.push_back({{p(0, j, k), p(0, j, k + 1), p(0, j + 1, k + 1), p(0, j + 1, k)}, cellIndex(0, j, k)});
      break;
    case xMax:
      for (Label k = 0; k < nk; ++k)
        for (Label j = 0; j < nj; ++j)
          out.push_back(
              {{p(ni, j, k), p(ni, j + 1, k), p(ni, j + 1, k + 1), p(ni, j, k + 1)}, cellIndex(ni - 1, j, k)});
      break;
    case yMin:
      for (Label i = 0; i < ni; ++i)
        for (Label k = 0; k < nk; ++k)
          out.push_back({{p(i, 0, k), p(i + 1, 0, k), p(i + 1, 0, k + 1), p(i, 0, k + 1)}, cellIndex(i, 0, k)});
      break;
    case yMax:
      for (Label i = 0; i < ni; ++i)
        for (Label k = 0; k < nk; ++k)
          out.push_back(
              {{p(i, nj, k), p(i, nj, k + 1), p(i + 1, nj, k + 1), p(i + 1, nj, k)}, cellIndex(i, nj - 1, k)});
      break;
    case zMin:
      for (Label i = 0; i < ni; ++i)
        for (Label j = 0; j < nj; ++j)
          out.push_back({{p(i, j, 0), p(i, j + 1, 0), p(i + 1, j + 1, 0), p(i + 1, j, 0)}, cellIndex(i, j, 0)});
      break;
    case zMax:
      for (Label i = 0; i < ni; ++i)
        for (Label j = 0; j < nj; ++j)
          out.push_back(
              {{p(i, j, nk), p(i + 1, j, nk), p(i + 1, j + 1, nk), p(i, j + 1, nk)}, cellIndex(i, j, nk - 1)});
      break;
    default:
      throw Error("HexBlock::boundaryFaces: face index out of range");
  }
  return out;
}

void HexBlock::internalFaces(std::vector<LatticeFace>& faces, std::vector<Label>& neighbour) const {
  const Label ni = n_[0], nj = n_[1], nk = n_[2];
  auto p = [this](Label i, Label j, Label k) { return pointIndex(i, j, k); };
  for (Label k = 0; k < nk; ++k)
    for (Label j = 0; j < nj; ++j)
      for (Label i = 0; i < ni; ++i) {
        const Label c = cellIndex(i, j, k);
        if (i + 1 < ni) {
          faces.push_back({{p(i + 1, j, k), p(i + 1, j + 1, k), p(i + 1, j + 1, k + 1), p(i + 1, j, k + 1)}, c});
          neighbour.push_back(cellIndex(i + 1, j, k));
        }
        if (j + 1 < nj) {
          faces.push_back({{p(i, j + 1, k), p(i, j + 1, k + 1), p(i + 1, j + 1, k + 1), p(i + 1, j + 1, k)}, c});
          neighbour.push_back(cellIndex(i, j + 1, k));
        }
        if (k + 1 < nk) {
          faces.push_back({{p(i, j, k + 1), p(i + 1, j, k + 1), p(i + 1, j + 1, k + 1), p(i, j + 1, k + 1)}, c});
          neighbour.push_back(cellIndex(i, j, k + 1));
        }
      }
}

}  // namespace sluice::mesh
