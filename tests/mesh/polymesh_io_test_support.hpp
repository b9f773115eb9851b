#pragma once
// Helpers for the polyMesh reader/writer tests: a hand-built structured hex
// mesh, FoamFile headers and raw bytes for hand-made inputs, and a bit-for-bit
// mesh comparison. (Scratch directories and file reading and writing:
// support/temp_dir.hpp.)
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sluice/mesh/poly_mesh.hpp"

namespace sluice::mesh::testing {

/// nx x ny x nz hex cells on a box; internal faces upper-triangular, face
/// normals out of the owner. Patches: inlet (x min), outlet (x max),
/// lower/upper (y min/max: walls in group "wall", or a cyclic pair),
/// frontAndBack (z min and max: empty when nz == 1, else wall).
/// Coordinates are deliberately not short decimals so that round trips
/// test full precision.
inline PolyMesh hexMesh(int nx, int ny, int nz, bool cyclicY = false) {
  auto pt = [&](int i, int j, int k) { return static_cast<Label>(i + (nx + 1) * (j + (ny + 1) * k)); };
  auto cell = [&](int i, int j, int k) { return static_cast<Label>(i + nx * (j + ny * k)); };
  std::vector<Vec3> points;
  for (int k = 0; k <= nz; ++k)
    for (int j = 0; j <= ny; ++j)
      for (int i = 0; i <= nx; ++i)
        points.push_back(Vec3{i * 0.1 + 1.0 / 3.0, j * 0.37e-1 * (1.0 + 1e-13 * i), k * 0.2 / 7.0});
  points[0].y = -0.0;  // (y is 0 there) the sign of zero must survive

  // Faces normal to x, y, z at lattice position (i,j,k), oriented +x/+y/+z.
  auto xFace = [&](int i, int j, int k) {
    return std::vector<Label>{pt(i, j, k), pt(i, j + 1, k), pt(i, j + 1, k + 1), pt(i, j, k + 1)};
  };
  auto yFace = [&](int i, int j, int k) {
    return std::vector<Label>{pt(i, j, k), pt(i, j, k + 1), pt(i + 1, j, k + 1), pt(i + 1, j, k)};
  };
  auto zFace = [&](int i, int j, int k) {
    return std::vector<Label>{pt(i, j, k), pt(i + 1, j, k), pt(i + 1, j + 1, k), pt(i, j + 1, k)};
  };
  auto flipped = [](std::vector<Label> f) {
    std::reverse(f.begin() + 1, f.end());
    return f;
  };

  FaceList faces;
  std::vector<Label> owner, neighbour;
  for (int k = 0; k < nz; ++k)
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i) {
        const Label c = cell(i, j, k);
        if (i + 1 < nx) {
          faces.add(xFace(i + 1, j, k));
          owner.push_back(c);
          neighbour.push_back(cell(i + 1, j, k));
        }
        if (j + 1 < ny) {
          faces.add(yFace(i, j + 1, k));
          owner.push_back(c);
          neighbour.push_back(cell(i, j + 1, k));
        }
        if (k + 1 < nz) {
          faces.add(zFace(i, j, k + 1));
          owner.push_back(c);
          neighbour.push_back(cell(i, j, k + 1));
        }
      }
  std::vector<Patch> patches;
  auto beginPatch = [&](const std::string& name, const std::string& type) {
    Patch p;
    p.name = name;
    p.type = type;
    p.start = faces.size();
    patches.push_back(p);
  };
  auto endPatch = [&] { patches.back().size = faces.size() - patches.back().start; };

  beginPatch("inlet", "patch");
  for (int k = 0; k < nz; ++k)
    for (int j = 0; j < ny; ++j) {
      faces.add(flipped(xFace(0, j, k)));
      owner.push_back(cell(0, j, k));
    }
  endPatch();
  beginPatch("outlet", "patch");
  for (int k = 0; k < nz; ++k)
    for (int j = 0; j < ny; ++j) {
      faces.add(xFace(nx, j, k));
      owner.push_back(cell(nx - 1, j, k));
    }
  endPatch();
  beginPatch("lower", cyclicY ? "cyclic" : "wall");
  for (int k = 0; k < nz; ++k)
    for (int i = 0; i < nx; ++i) {
      faces.add(flipped(yFace(i, 0, k)));
      owner.push_back(cell(i, 0, k));
    }
  endPatch();
  beginPatch("upper", cyclicY ? "cyclic" : "wall");
  for (int k = 0; k < nz; ++k)
    for (int i = 0; i < nx; ++i) {
      faces.add(yFace(i, ny, k));
      owner.push_back(cell(i, ny - 1, k));
    }
  endPatch();
  if (cyclicY) {
    patches[2].neighbourPatch = "upper";
    patches[3].neighbourPatch = "lower";
  } else {
    patches[2].inGroups = {"wall"};
    patches[3].inGroups = {"wall"};
  }
  beginPatch("frontAndBack", nz == 1 ? "empty" : "wall");
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      faces.add(flipped(zFace(i, j, 0)));
      owner.push_back(cell(i, j, 0));
    }
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      faces.add(zFace(i, j, nz));
      owner.push_back(cell(i, j, nz - 1));
    }
  endPatch();
  return PolyMesh(std::move(points), std::move(faces), std::move(owner), std::move(neighbour), std::move(patches),
                  "hex");
}

/// A FoamFile header as OpenFOAM writes it.
inline std::string foamHeader(const std::string& format, const std::string& className, const std::string& object,
                              const std::string& arch = "LSB;label=32;scalar=64") {
  std::string h = "FoamFile\n{\n    version     2.0;\n    format      " + format + ";\n    class       " +
                  className + ";\n";
  if (!arch.empty()) h += "    arch        \"" + arch + "\";\n";
  h += "    location    \"constant/polyMesh\";\n    object      " + object + ";\n}\n\n";
  return h;
}

/// Appends the raw bytes of `value` in native (little-endian) order.
template <class T>
void appendRaw(std::string& out, T value) {
  char bytes[sizeof(T)];
  std::memcpy(bytes, &value, sizeof(T));
  out.append(bytes, sizeof(T));
}

inline bool sameBits(double a, double b) { return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b); }

/// Expects two meshes to be identical; points compared bit for bit.
inline void expectSameMesh(const PolyMesh& a, const PolyMesh& b) {
  ASSERT_EQ(a.nPoints(), b.nPoints());
  for (Label p = 0; p < a.nPoints(); ++p)
    for (int d = 0; d < 3; ++d)
      ASSERT_TRUE(sameBits(a.points()[p][d], b.points()[p][d]))
          << "point " << p << " component " << d << ": " << a.points()[p][d] << " vs " << b.points()[p][d];
  EXPECT_TRUE(a.faces() == b.faces());
  EXPECT_EQ(a.owner(), b.owner());
  EXPECT_EQ(a.neighbour(), b.neighbour());
  ASSERT_EQ(a.patches().size(), b.patches().size());
  for (std::size_t i = 0; i < a.patches().size(); ++i) EXPECT_TRUE(a.patches()[i] == b.patches()[i]) << "patch " << i;
  EXPECT_EQ(a.nCells(), b.nCells());
}

}  // namespace sluice::mesh::testing
