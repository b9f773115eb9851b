#pragma once
// Test helpers for the field module: an nx*ny*nz hexahedral box built
// directly (no blockMesh) with configurable patch types, and a scratch
// directory for field files.
//
//   BoxSpec spec = BoxSpec(4, 3, 1).cyclicX();
//   mesh::PolyMesh m = fieldtest::box(spec);     // patches left right bottom top front back
//   Label c = fieldtest::cellId(spec, i, j, k);
//   fieldtest::ScratchDir dir("field_read");     // removed at scope end
//   fieldtest::writeText(dir.path() / "0/p", text);
#include <array>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include <unistd.h>

#include "sluice/core/vec3.hpp"
#include "sluice/mesh/poly_mesh.hpp"
#include "support/box_mesh.hpp"

namespace sluice::fieldtest {

struct BoxSpec {
  BoxSpec(int nx_ = 4, int ny_ = 3, int nz_ = 1, Vec3 size_ = {1.0, 1.0, 1.0})
      : nx(nx_), ny(ny_), nz(nz_), size(size_) {}
  BoxSpec& cyclicX() { xType = "cyclic"; return *this; }
  BoxSpec& mapped(std::function<Vec3(const Vec3&)> m) { map = std::move(m); return *this; }

  int nx, ny, nz;
  Vec3 size;
  std::string xType = "patch";  ///< left/right: "patch", "wall" or "cyclic"
  std::string yType = "wall";   ///< bottom/top: any non-cyclic type, or "cyclic"
  std::string zType = "empty";  ///< front/back
  /// Wall patches list the `wall` group in inGroups (as blockMesh writes it);
  /// false leaves inGroups empty (the group is then only implied by the type).
  bool wallGroupListed = true;
  /// Patch names in the order left, right, bottom, top, front, back.
  std::array<std::string, 6> names{"left", "right", "bottom", "top", "front", "back"};
  /// Maps the box's points (after scaling by size); identity if empty.
  std::function<Vec3(const Vec3&)> map;
};

/// 3x2x1 box of 1 x 1 x 0.1 cells with patches inlet (x = 0), outlet (x = 3),
/// lowerWall/upperWall (walls, group "wall"), front/back (empty).
inline BoxSpec channelSpec() {
  BoxSpec s(3, 2, 1, {3.0, 2.0, 0.1});
  s.names = {"inlet", "outlet", "lowerWall", "upperWall", "front", "back"};
  return s;
}

inline Label cellId(const BoxSpec& s, int i, int j, int k) { return i + s.nx * (j + s.ny * k); }

/// Box of hexahedra (test::boxMesh numbering): cell (i,j,k) = i + nx*(j +
/// ny*k); internal faces upper-triangular; patches left (x=0), right, bottom
/// (y=0), top, front (z=0), back, each listing faces by increasing (k, j) /
/// (k, i) / (j, i), so face n of left pairs with face n of right when they
/// are cyclic. The six names must differ.
inline mesh::PolyMesh box(const BoxSpec& s) {
  const int nx = s.nx, ny = s.ny, nz = s.nz;
  test::BoxOptions options;
  options.point = [&](int i, int j, int k) {
    const Vec3 p{s.size.x * i / nx, s.size.y * j / ny, s.size.z * k / nz};
    return s.map ? s.map(p) : p;
  };
  const std::array<const std::string*, 3> types{&s.xType, &s.yType, &s.zType};
  for (int side = 0; side < 6; ++side) {
    const std::string& type = *types[side / 2];
    mesh::Patch& patch = options.sides[side] = test::boxSide(s.names[side], type);
    if (type == "cyclic") patch.neighbourPatch = s.names[side ^ 1];  // left-right, bottom-top, front-back
    if (type == "wall" && s.wallGroupListed) patch.inGroups = {"wall"};  // as OpenFOAM's blockMesh writes
  }
  return test::boxMesh(nx, ny, nz, options);
}

/// A smooth, non-affine distortion keeping z-planes flat and x=const
/// boundaries translates of each other (so cyclic x-pairs still match).
inline Vec3 wavy(const Vec3& p) {
  return {p.x + 0.04 * std::sin(5.0 * p.y), p.y + 0.05 * std::sin(3.0 * p.x) * std::sin(3.0 * (1.0 - p.x)),
          p.z + 0.02 * p.y};
}

/// A fresh directory under the system temp dir, removed when destroyed.
/// `tag` should be unique per test; the process id is appended.
class ScratchDir {
 public:
  explicit ScratchDir(const std::string& tag, bool create = true)
      : path_(std::filesystem::temp_directory_path() / ("sluice_field_" + tag + "_" + std::to_string(::getpid()))) {
    if (create) {
      std::filesystem::remove_all(path_);
      std::filesystem::create_directories(path_);
    }
  }
  /// Use an existing path (e.g. one broadcast from rank 0); `owner` removes it.
  ScratchDir(std::filesystem::path path, bool owner) : path_(std::move(path)), owner_(owner) {}
  ~ScratchDir() {
    std::error_code ec;
    if (owner_) std::filesystem::remove_all(path_, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
  bool owner_ = true;
};

inline void writeText(const std::filesystem::path& file, const std::string& text) {
  std::filesystem::create_directories(file.parent_path());
  std::ofstream os(file, std::ios::binary);
  os << text;
}

/// A FoamFile header for a field file.
inline std::string fieldHeader(const std::string& cls, const std::string& object) {
  return "FoamFile\n{\n    version 2.0;\n    format ascii;\n    class " + cls + ";\n    object " + object +
         ";\n}\n";
}

}  // namespace sluice::fieldtest
