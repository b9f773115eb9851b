#pragma once
// Test support: a polyMesh written as OpenFOAM writes binary files (header
// with arch, raw little-endian bytes), for any label/scalar width and faces
// as faceCompactList or faceList; the boundary stays text.
//
//   test_support::writeBinaryPolyMesh(mesh, dir / "constant/polyMesh", test_support::BinaryLayout{64, 64, true});
#include <cstdint>
#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "polymesh_io_test_support.hpp"
#include "sluice/mesh/polymesh_io.hpp"
#include "support/temp_dir.hpp"

namespace sluice::mesh::test_support {

struct BinaryLayout {
  int labelBits = 32;
  int scalarBits = 64;
  bool compactFaces = true;
  std::string arch() const { return fmt::format("LSB;label={};scalar={}", labelBits, scalarBits); }
};

inline void appendLabel(std::string& out, const BinaryLayout& b, Label v) {
  if (b.labelBits == 32)
    appendRaw(out, static_cast<std::int32_t>(v));
  else
    appendRaw(out, static_cast<std::int64_t>(v));
}

inline void appendScalar(std::string& out, const BinaryLayout& b, double v) {
  if (b.scalarBits == 64)
    appendRaw(out, v);
  else
    appendRaw(out, static_cast<float>(v));
}

/// OpenFOAM binary list: "N\n(" raw bytes ")".
inline std::string binaryLabelList(const BinaryLayout& b, const std::vector<Label>& values) {
  std::string out = fmt::format("{}\n(", values.size());
  for (Label v : values) appendLabel(out, b, v);
  return out + ")\n";
}

inline void PrintTo(const BinaryLayout& b, std::ostream* os) {
  *os << b.arch() << (b.compactFaces ? " faceCompactList" : " faceList");
}

/// Writes `mesh` as a binary polyMesh in the given layout (boundary stays text, as in OpenFOAM).
inline void writeBinaryPolyMesh(const PolyMesh& mesh, const std::filesystem::path& dir, const BinaryLayout& b) {
  std::string points = foamHeader("binary", "vectorField", "points", b.arch());
  points += fmt::format("{}\n(", mesh.nPoints());
  for (const Vec3& p : mesh.points())
    for (int d = 0; d < 3; ++d) appendScalar(points, b, p[d]);
  points += ")\n\n// ***** //\n";
  test::writeText(dir / "points", points);

  std::string faces = foamHeader("binary", b.compactFaces ? "faceCompactList" : "faceList", "faces", b.arch());
  if (b.compactFaces) {
    faces += binaryLabelList(b, mesh.faces().offsets()) + "\n" + binaryLabelList(b, mesh.faces().vertices());
  } else {  // List<face>: each face is itself a binary label list
    faces += fmt::format("{}\n(\n", mesh.nFaces());
    for (Label f = 0; f < mesh.nFaces(); ++f) {
      const auto face = mesh.faces()[f];
      faces += binaryLabelList(b, std::vector<Label>(face.begin(), face.end()));
    }
    faces += ")\n";
  }
  test::writeText(dir / "faces", faces);
  test::writeText(dir / "owner",
                  foamHeader("binary", "labelList", "owner", b.arch()) + binaryLabelList(b, mesh.owner()));
  test::writeText(dir / "neighbour",
                  foamHeader("binary", "labelList", "neighbour", b.arch()) + binaryLabelList(b, mesh.neighbour()));

  // The boundary of a binary mesh is text with a binary header: take ours and patch the header.
  writePolyMesh(mesh, dir / "text");
  std::string boundary = test::readText(dir / "text" / "boundary");
  std::filesystem::remove_all(dir / "text");
  const auto body = boundary.find("}\n") + 2;
  test::writeText(dir / "boundary",
                  foamHeader("binary", "polyBoundaryMesh", "boundary", b.arch()) + boundary.substr(body));
}

}  // namespace sluice::mesh::test_support
