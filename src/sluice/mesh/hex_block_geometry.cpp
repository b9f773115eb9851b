#include "sluice/mesh/hex_block_geometry.hpp"

#include "sluice/mesh/hex_lattice.hpp"

namespace sluice::mesh {

namespace {

constexpr auto& kEdgeVertices = HexLattice::edgeVertices;

// edgeAt[v][d]: the block edge along direction d that has vertex v.
constexpr std::array<std::array<int, 3>, 8> makeEdgeAt() {
  std::array<std::array<int, 3>, 8> at{};
  for (int e = 0; e < 12; ++e)
    for (int end = 0; end < 2; ++end) at[HexLattice::edgeVertices[e][end]][e / 4] = e;
  return at;
}
constexpr auto kEdgeAt = makeEdgeAt();

}  // namespace

HexBlockGeometry::EdgeDivision HexBlockGeometry::divideEdge(const Vec3& a, const Vec3& b, Label n,
                                                            const Grading& grading, const EdgeShape& shape) {
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

HexBlockGeometry::HexBlockGeometry(const std::array<Vec3, 8>& corners, const std::array<Label, 3>& cells,
                                   const std::array<Grading, 12>& grading, const std::array<EdgeShape, 12>& edges)
    : corners_(corners), n_(cells) {
  for (int e = 0; e < 12; ++e) {
    const auto [a, b] = kEdgeVertices[e];
    div_[e] = divideEdge(corners[a], corners[b], n_[e / 4], grading[e], edges[e]);
    curved_ = curved_ || edges[e].curve != nullptr;
  }
}

Vec3 HexBlockGeometry::point(Label i, Label j, Label k) const {
  const std::array<Label, 3> idx{i, j, k};
  // Block vertices exactly as given.
  const bool atX = i == 0 || i == n_[0], atY = j == 0 || j == n_[1], atZ = k == 0 || k == n_[2];
  if (atX && atY && atZ) {
    const int ux = i == 0 ? 0 : 1, uy = j == 0 ? 0 : 1, uz = k == 0 ? 0 : 1;
    static constexpr int kVertexAt[2][2][2] = {{{0, 4}, {3, 7}}, {{1, 5}, {2, 6}}};  // [x][y][z]
    return corners_[kVertexAt[ux][uy][uz]];
  }
  // Weight of "being at vertex v" along block edge f, at this lattice point.
  auto near = [&](int f, int v) {
    const Scalar w = div_[f].weights[idx[f / 4]];
    return v == kEdgeVertices[f][0] ? 1 - w : w;
  };
  Vec3 blend{};
  Vec3 correction{};
  for (int d = 0; d < 3; ++d) {
    std::array<Scalar, 4> weight{};
    Scalar sum = 0;
    for (int m = 0; m < 4; ++m) {
      const int e = 4 * d + m;
      const auto [a, b] = kEdgeVertices[e];
      const Scalar w = div_[e].weights[idx[d]];
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
      const auto [a, b] = kEdgeVertices[e];
      const Scalar w = weight[m] / sum;
      const Vec3 straight = corners_[a] + (corners_[b] - corners_[a]) * div_[e].weights[idx[d]];
      blend += w * straight;
      if (curved_) correction += w * (div_[e].points[idx[d]] - straight);
    }
  }
  return blend / 3.0 + correction;
}

}  // namespace sluice::mesh
