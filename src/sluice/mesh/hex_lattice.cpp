#include "sluice/mesh/hex_lattice.hpp"

#include "sluice/core/error.hpp"

namespace sluice::mesh {

namespace {

// Unit-cube position of each hex vertex.
constexpr std::array<std::array<int, 3>, 8> kVertexUnit = {
    {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}}};

}  // namespace

HexLattice::HexLattice(const std::array<Label, 3>& cells) : n_(cells) {
  for (Label c : n_)
    if (c < 1) throw Error("HexBlock: cell counts must be positive");
}

std::array<Label, 3> HexLattice::cellCoords(Label cell) const {
  return {cell % n_[0], (cell / n_[0]) % n_[1], cell / (n_[0] * n_[1])};
}

std::array<Label, 3> HexLattice::pointCoords(Label point) const {
  const Label nx = n_[0] + 1, ny = n_[1] + 1;
  return {point % nx, (point / nx) % ny, point / (nx * ny)};
}

std::array<Label, 3> HexLattice::vertexCoords(int v) const {
  return {kVertexUnit[v][0] * n_[0], kVertexUnit[v][1] * n_[1], kVertexUnit[v][2] * n_[2]};
}

bool HexLattice::touches(int face, Label i, Label j, Label k) const {
  switch (face) {
    case xMin:
      return i == 0;
    case xMax:
      return i == n_[0] - 1;
    case yMin:
      return j == 0;
    case yMax:
      return j == n_[1] - 1;
    case zMin:
      return k == 0;
    case zMax:
      return k == n_[2] - 1;
    default:
      throw Error("HexLattice: face index out of range");
  }
}

Label HexLattice::boundaryFaceCount(int face) const {
  const int d = face / 2;
  return n_[(d + 1) % 3] * n_[(d + 2) % 3];
}

HexLattice::Quad HexLattice::boundaryFace(int face, Label i, Label j, Label k) const {
  auto p = [this](Label a, Label b, Label c) { return pointIndex(a, b, c); };
  const Label ni = n_[0], nj = n_[1], nk = n_[2];
  switch (face) {
    case xMin:
      return {p(0, j, k), p(0, j, k + 1), p(0, j + 1, k + 1), p(0, j + 1, k)};
    case xMax:
      return {p(ni, j, k), p(ni, j + 1, k), p(ni, j + 1, k + 1), p(ni, j, k + 1)};
    case yMin:
      return {p(i, 0, k), p(i + 1, 0, k), p(i + 1, 0, k + 1), p(i, 0, k + 1)};
    case yMax:
      return {p(i, nj, k), p(i, nj, k + 1), p(i + 1, nj, k + 1), p(i + 1, nj, k)};
    case zMin:
      return {p(i, j, 0), p(i, j + 1, 0), p(i + 1, j + 1, 0), p(i + 1, j, 0)};
    case zMax:
      return {p(i, j, nk), p(i + 1, j, nk), p(i + 1, j + 1, nk), p(i, j + 1, nk)};
    default:
      throw Error("HexLattice: face index out of range");
  }
}

Label HexLattice::boundaryFacePosition(int face, Label i, Label j, Label k) const {
  switch (face / 2) {
    case 0:
      return j + n_[1] * k;  // k outer, j inner
    case 1:
      return k + n_[2] * i;  // i outer, k inner
    case 2:
      return j + n_[1] * i;  // i outer, j inner
    default:
      throw Error("HexLattice: face index out of range");
  }
}

std::vector<HexLattice::LatticeFace> HexLattice::boundaryFaces(int face) const {
  if (face < 0 || face > 5) throw Error("HexBlock::boundaryFaces: face index out of range");
  const Label ni = n_[0], nj = n_[1], nk = n_[2];
  std::vector<LatticeFace> out;
  out.reserve(static_cast<std::size_t>(boundaryFaceCount(face)));
  // The cell layer on this face, walked in boundaryFaces order.
  const Label i0 = face == xMax ? ni - 1 : 0, j0 = face == yMax ? nj - 1 : 0, k0 = face == zMax ? nk - 1 : 0;
  switch (face / 2) {
    case 0:
      for (Label k = 0; k < nk; ++k)
        for (Label j = 0; j < nj; ++j) out.push_back({boundaryFace(face, i0, j, k), cellIndex(i0, j, k)});
      break;
    case 1:
      for (Label i = 0; i < ni; ++i)
        for (Label k = 0; k < nk; ++k) out.push_back({boundaryFace(face, i, j0, k), cellIndex(i, j0, k)});
      break;
    default:
      for (Label i = 0; i < ni; ++i)
        for (Label j = 0; j < nj; ++j) out.push_back({boundaryFace(face, i, j, k0), cellIndex(i, j, k0)});
      break;
  }
  return out;
}

HexLattice::Quad HexLattice::internalFace(int d, Label i, Label j, Label k) const {
  auto p = [this](Label a, Label b, Label c) { return pointIndex(a, b, c); };
  switch (d) {
    case 0:
      return {p(i + 1, j, k), p(i + 1, j + 1, k), p(i + 1, j + 1, k + 1), p(i + 1, j, k + 1)};
    case 1:
      return {p(i, j + 1, k), p(i, j + 1, k + 1), p(i + 1, j + 1, k + 1), p(i + 1, j + 1, k)};
    case 2:
      return {p(i, j, k + 1), p(i + 1, j, k + 1), p(i + 1, j + 1, k + 1), p(i, j + 1, k + 1)};
    default:
      throw Error("HexLattice: direction out of range");
  }
}

void HexLattice::internalFaces(std::vector<LatticeFace>& faces, std::vector<Label>& neighbour) const {
  const Label ni = n_[0], nj = n_[1], nk = n_[2];
  for (Label k = 0; k < nk; ++k)
    for (Label j = 0; j < nj; ++j)
      for (Label i = 0; i < ni; ++i) {
        const Label c = cellIndex(i, j, k);
        if (i + 1 < ni) {
          faces.push_back({internalFace(0, i, j, k), c});
          neighbour.push_back(cellIndex(i + 1, j, k));
        }
        if (j + 1 < nj) {
          faces.push_back({internalFace(1, i, j, k), c});
          neighbour.push_back(cellIndex(i, j + 1, k));
        }
        if (k + 1 < nk) {
          faces.push_back({internalFace(2, i, j, k), c});
          neighbour.push_back(cellIndex(i, j, k + 1));
        }
      }
}

}  // namespace sluice::mesh
