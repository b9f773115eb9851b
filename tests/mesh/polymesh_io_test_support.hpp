#pragma once
// Helpers for the polyMesh reader/writer tests: a structured hex mesh with
// awkward coordinates, FoamFile headers and raw bytes for hand-made inputs,
// and a bit-for-bit mesh comparison. (Scratch directories and file reading
// and writing: support/temp_dir.hpp.)
#include <bit>
#include <cstdint>
#include <cstring>
#include <string>

#include <gtest/gtest.h>

#include "sluice/mesh/poly_mesh.hpp"
#include "support/box_mesh.hpp"

namespace sluice::mesh::test_support {

/// nx x ny x nz hex cells on a box (test::boxMesh numbering), mesh name
/// "hex". Patches: inlet (x min), outlet (x max), lower/upper (y min/max:
/// walls in group "wall", or a cyclic pair), frontAndBack (z min and max: empty
/// when nz == 1, else wall). Coordinates are deliberately not short decimals
/// so that round trips test full precision, and point 0 has y = -0.0 (the sign
/// of zero must survive).
inline PolyMesh hexMesh(int nx, int ny, int nz, bool cyclicY = false) {
  test::BoxOptions options;
  options.name = "hex";
  options.point = [](int i, int j, int k) {
    Vec3 p{i * 0.1 + 1.0 / 3.0, j * 0.37e-1 * (1.0 + 1e-13 * i), k * 0.2 / 7.0};
    if (i == 0 && j == 0 && k == 0) p.y = -0.0;
    return p;
  };
  const Patch frontAndBack = test::boxSide("frontAndBack", nz == 1 ? "empty" : "wall");
  options.sides = {test::boxSide("inlet", "patch"),
                   test::boxSide("outlet", "patch"),
                   cyclicY ? test::boxSide("lower", "cyclic", {}, "upper") : test::boxSide("lower", "wall", {"wall"}),
                   cyclicY ? test::boxSide("upper", "cyclic", {}, "lower") : test::boxSide("upper", "wall", {"wall"}),
                   frontAndBack,
                   frontAndBack};
  return test::boxMesh(nx, ny, nz, options);
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

}  // namespace sluice::mesh::test_support
