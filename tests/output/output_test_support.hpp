#pragma once
// Test helpers for the output module:
//  - VtuData / readVtu: the arrays of a .vtu written with raw appended data
//    (parsed independently of the writer: XML attributes by text search, then
//    the UInt64-headed blocks at their offsets);
//  - checkVtk: runs scripts/check_vtk.py;
//  - meshFromCells: a PolyMesh from cells given as outward-oriented faces;
//    prismBox: a box of triangular prisms (two per hexahedron), VTK wedges,
//    also for point location; splitCube: a unit cube cut into pyramids and
//    tetrahedra around its centre; refinedColumnsBox: hexahedra next to
//    columns of cells with split sides, polyhedra for the VTK_POLYHEDRON path;
//  - readTextFile, splitLines.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "sluice/core/vec3.hpp"
#include "sluice/mesh/poly_mesh.hpp"
#include "support/run_command.hpp"

namespace sluice::test {

inline std::string readTextFile(const std::filesystem::path& file) {
  std::ifstream is(file, std::ios::binary);
  if (!is) throw std::runtime_error("cannot read " + file.string());
  std::ostringstream ss;
  ss << is.rdbuf();
  return ss.str();
}

inline std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream is(text);
  for (std::string line; std::getline(is, line);) lines.push_back(line);
  return lines;
}

/// Value of attribute `name` inside the tag text `tag` ("" if absent).
inline std::string xmlAttribute(const std::string& tag, const std::string& name) {
  const std::string key = " " + name + "=\"";
  const auto at = tag.find(key);
  if (at == std::string::npos) return "";
  const auto start = at + key.size();
  return tag.substr(start, tag.find('"', start) - start);
}

struct VtuArray {
  std::string section;  ///< Points, Cells, CellData
  std::string type;
  int components = 1;
  std::vector<unsigned char> bytes;

  template <class T>
  std::vector<T> as() const {
    std::vector<T> v(bytes.size() / sizeof(T));
    if (!v.empty()) std::memcpy(v.data(), bytes.data(), v.size() * sizeof(T));
    return v;
  }
  /// An index array (connectivity, offsets, faces, faceoffsets): Int32 or Int64 in the file.
  std::vector<std::int64_t> indices() const {
    if (type == "Int32") {
      const auto v = as<std::int32_t>();
      return {v.begin(), v.end()};
    }
    return as<std::int64_t>();
  }
};

struct VtuData {
  long long nPoints = 0, nCells = 0;
  std::map<std::string, VtuArray> arrays;
  std::vector<std::string> cellData;  ///< "<name> <type>" of the CellData arrays, in file order
  const VtuArray& at(const std::string& name) const {
    const auto it = arrays.find(name);
    if (it == arrays.end()) throw std::runtime_error("no array " + name);
    return it->second;
  }
};

inline VtuData readVtu(const std::filesystem::path& file) {
  const std::string text = readTextFile(file);
  const auto appended = text.find("<AppendedData");
  const auto underscore = text.find('_', text.find('>', appended));
  if (appended == std::string::npos || underscore == std::string::npos)
    throw std::runtime_error("no appended data in " + file.string());
  const std::string header = text.substr(0, appended);
  VtuData d;
  const auto piece = header.find("<Piece ");
  const std::string pieceTag = header.substr(piece, header.find('>', piece) - piece);
  d.nPoints = std::stoll(xmlAttribute(pieceTag, "NumberOfPoints"));
  d.nCells = std::stoll(xmlAttribute(pieceTag, "NumberOfCells"));
  std::string section;
  for (std::size_t pos = 0; (pos = header.find('<', pos)) != std::string::npos; ++pos) {
    const std::string tag = header.substr(pos, header.find('>', pos) - pos);
    for (const char* s : {"Points", "Cells", "CellData", "PointData"})
      if (tag == std::string("<") + s) section = s;
    if (tag.rfind("<DataArray ", 0) != 0) continue;
    VtuArray a;
    a.section = section;
    a.type = xmlAttribute(tag, "type");
    const std::string comps = xmlAttribute(tag, "NumberOfComponents");
    a.components = comps.empty() ? 1 : std::stoi(comps);
    const std::size_t offset = std::stoull(xmlAttribute(tag, "offset"));
    std::uint64_t n = 0;
    std::memcpy(&n, text.data() + underscore + 1 + offset, sizeof n);
    const char* begin = text.data() + underscore + 1 + offset + sizeof n;
    a.bytes.assign(begin, begin + n);
    if (section == "CellData") d.cellData.push_back(xmlAttribute(tag, "Name") + " " + a.type);
    d.arrays[xmlAttribute(tag, "Name")] = std::move(a);
  }
  return d;
}

/// Runs scripts/check_vtk.py with `arguments` (already quoted).
inline CommandResult checkVtk(const std::string& arguments) {
  return runCommand("python3 " + shellQuote(std::string(SLUICE_SOURCE_DIR) + "/scripts/check_vtk.py") + " " +
                    arguments);
}

/// A PolyMesh from cells given as lists of faces (vertex lists oriented out
/// of the cell). Faces shared by two cells become internal faces (owner the
/// lower cell); unshared faces go to the patch `patchOf(faceCentre)` names
/// (patches in order of `patchNames`, all of type `patch` unless named
/// "front"/"back", which are empty).
inline mesh::PolyMesh meshFromCells(const std::vector<Vec3>& points,
                                    const std::vector<std::vector<std::vector<Label>>>& cells,
                                    const std::vector<std::string>& patchNames,
                                    const std::function<int(const Vec3&)>& patchOf) {
  struct Face {
    std::vector<Label> vertices;
    Label owner = -1, neighbour = -1;
  };
  std::map<std::vector<Label>, std::size_t> index;
  std::vector<Face> faces;
  for (Label c = 0; c < static_cast<Label>(cells.size()); ++c)
    for (const auto& f : cells[c]) {
      std::vector<Label> key = f;
      std::sort(key.begin(), key.end());
      const auto it = index.find(key);
      if (it == index.end()) {
        index[key] = faces.size();
        faces.push_back({f, c, -1});
      } else {
        faces[it->second].neighbour = c;
      }
    }
  std::vector<std::size_t> internal, order;
  for (std::size_t i = 0; i < faces.size(); ++i)
    if (faces[i].neighbour >= 0) internal.push_back(i);
  std::sort(internal.begin(), internal.end(), [&](std::size_t a, std::size_t b) {
    return std::pair(faces[a].owner, faces[a].neighbour) < std::pair(faces[b].owner, faces[b].neighbour);
  });
  mesh::FaceList list;
  std::vector<Label> owner, neighbour;
  for (std::size_t i : internal) {
    list.add(faces[i].vertices);
    owner.push_back(faces[i].owner);
    neighbour.push_back(faces[i].neighbour);
  }
  std::vector<mesh::Patch> patches;
  for (std::size_t p = 0; p < patchNames.size(); ++p) {
    mesh::Patch patch;
    patch.name = patchNames[p];
    patch.type = (patchNames[p] == "front" || patchNames[p] == "back") ? "empty" : "patch";
    patch.start = list.size();
    for (const Face& f : faces) {
      if (f.neighbour >= 0) continue;
      Vec3 centre;
      for (Label v : f.vertices) centre += points[v];
      centre /= static_cast<Scalar>(f.vertices.size());
      if (patchOf(centre) != static_cast<int>(p)) continue;
      list.add(f.vertices);
      owner.push_back(f.owner);
    }
    patch.size = list.size() - patch.start;
    patches.push_back(patch);
  }
  return mesh::PolyMesh(points, std::move(list), std::move(owner), std::move(neighbour), std::move(patches), "prisms");
}

/// meshFromCells for cells filling the box [0,lx] x [0,ly] x [0,lz]: the
/// boundary faces in patches left, right, bottom, top, back, front by side.
inline mesh::PolyMesh boxSidesMesh(const std::vector<Vec3>& points, const std::vector<std::vector<std::vector<Label>>>& cells,
                                   Scalar lx, Scalar ly) {
  const Scalar eps = 1e-9;
  return meshFromCells(points, cells, {"left", "right", "bottom", "top", "back", "front"}, [&](const Vec3& c) {
    if (c.x < eps) return 0;
    if (c.x > lx - eps) return 1;
    if (c.y < eps) return 2;
    if (c.y > ly - eps) return 3;
    if (c.z < eps) return 4;
    return 5;
  });
}

/// nx*ny*nz hexahedra over [0,lx]x[0,ly]x[0,lz], each split into two
/// triangular prisms by the diagonal from (i,j) to (i+1,j+1) in xy. Patches
/// left, right, bottom, top, back (z=0), front (z=lz); back/front empty.
inline mesh::PolyMesh prismBox(int nx, int ny, int nz, Scalar lx = 1, Scalar ly = 1, Scalar lz = 1) {
  auto pid = [&](int i, int j, int k) { return static_cast<Label>(i + (nx + 1) * (j + (ny + 1) * k)); };
  std::vector<Vec3> points;
  for (int k = 0; k <= nz; ++k)
    for (int j = 0; j <= ny; ++j)
      for (int i = 0; i <= nx; ++i) points.push_back({lx * i / nx, ly * j / ny, lz * k / nz});
  std::vector<std::vector<std::vector<Label>>> cells;
  for (int k = 0; k < nz; ++k)
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i) {
        // Two triangles (counter-clockwise seen from +z): lower-right and upper-left of the diagonal.
        const std::array<std::array<int, 2>, 3> tris[2] = {{{{i, j}, {i + 1, j}, {i + 1, j + 1}}},
                                                          {{{i, j}, {i + 1, j + 1}, {i, j + 1}}}};
        for (const auto& t : tris) {
          std::vector<std::vector<Label>> faces;
          faces.push_back({pid(t[0][0], t[0][1], k), pid(t[2][0], t[2][1], k), pid(t[1][0], t[1][1], k)});  // -z
          faces.push_back({pid(t[0][0], t[0][1], k + 1), pid(t[1][0], t[1][1], k + 1), pid(t[2][0], t[2][1], k + 1)});
          for (int e = 0; e < 3; ++e) {
            const auto& a = t[e];
            const auto& b = t[(e + 1) % 3];
            faces.push_back({pid(a[0], a[1], k), pid(b[0], b[1], k), pid(b[0], b[1], k + 1), pid(a[0], a[1], k + 1)});
          }
          cells.push_back(faces);
        }
      }
  return boxSidesMesh(points, cells, lx, ly);
}

/// The unit cube cut into cells around its centre: face n (x=0, x=1, y=0,
/// y=1, z=0, z=1) is the base of a pyramid (apex the centre) if pyramids[n],
/// else of two tetrahedra (cut along its first diagonal). One patch "walls".
inline mesh::PolyMesh splitCube(const std::array<bool, 6>& pyramids) {
  std::vector<Vec3> points;
  for (int k = 0; k < 2; ++k)
    for (int j = 0; j < 2; ++j)
      for (int i = 0; i < 2; ++i) points.push_back({Scalar(i), Scalar(j), Scalar(k)});
  points.push_back({0.5, 0.5, 0.5});
  const Label apex = 8;
  // Cube faces oriented out of the cube (corner index i + 2j + 4k).
  const std::array<std::array<Label, 4>, 6> cubeFaces{
      {{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 2, 3, 1}, {4, 5, 7, 6}}};
  std::vector<std::vector<std::vector<Label>>> cells;
  // A cell on `base` (outward): the base and, per base edge (a, b), the side (b, a, apex), outward too.
  auto cone = [&](const std::vector<Label>& base) {
    std::vector<std::vector<Label>> faces{base};
    for (std::size_t e = 0; e < base.size(); ++e) faces.push_back({base[(e + 1) % base.size()], base[e], apex});
    cells.push_back(faces);
  };
  for (int n = 0; n < 6; ++n) {
    const auto& f = cubeFaces[n];
    if (pyramids[n]) {
      cone({f[0], f[1], f[2], f[3]});
    } else {
      cone({f[0], f[1], f[2]});
      cone({f[0], f[2], f[3]});
    }
  }
  return meshFromCells(points, cells, {"walls"}, [](const Vec3&) { return 0; });
}

/// nx columns of cells over [0,lx]x[0,ly]x[0,lz] (one layer in z): odd columns
/// have 2*ny hexahedra in y, even columns ny cells whose sides next to an odd
/// column are split in two at the hanging mid-points, so those cells have 7-8
/// faces, two of them pentagons or hexagons (polyhedra). Patches left, right,
/// bottom, top, back (z=0), front (z=lz); back/front empty.
inline mesh::PolyMesh refinedColumnsBox(int nx, int ny, Scalar lx = 1, Scalar ly = 1, Scalar lz = 1) {
  std::map<std::array<int, 3>, Label> index;  // (x line, y in half layers, z) -> point
  std::vector<Vec3> points;
  auto P = [&](int i, int j, int k) {
    const auto [it, added] = index.try_emplace({i, j, k}, static_cast<Label>(points.size()));
    if (added) points.push_back({lx * i / nx, ly * j / (2 * ny), lz * k});
    return it->second;
  };
  auto fine = [&](int column) { return column >= 0 && column < nx && column % 2 == 1; };
  std::vector<std::vector<std::vector<Label>>> cells;
  // The cell of column i between half layers y0 < y1, its x sides split at the mid-point where asked.
  auto cell = [&](int i, int y0, int y1, bool splitLeft, bool splitRight) {
    const int ym = (y0 + y1) / 2;
    std::vector<std::vector<Label>> faces;
    if (splitLeft) {
      faces.push_back({P(i, y0, 0), P(i, y0, 1), P(i, ym, 1), P(i, ym, 0)});
      faces.push_back({P(i, ym, 0), P(i, ym, 1), P(i, y1, 1), P(i, y1, 0)});
    } else {
      faces.push_back({P(i, y0, 0), P(i, y0, 1), P(i, y1, 1), P(i, y1, 0)});
    }
    if (splitRight) {
      faces.push_back({P(i + 1, y0, 0), P(i + 1, ym, 0), P(i + 1, ym, 1), P(i + 1, y0, 1)});
      faces.push_back({P(i + 1, ym, 0), P(i + 1, y1, 0), P(i + 1, y1, 1), P(i + 1, ym, 1)});
    } else {
      faces.push_back({P(i + 1, y0, 0), P(i + 1, y1, 0), P(i + 1, y1, 1), P(i + 1, y0, 1)});
    }
    faces.push_back({P(i, y0, 0), P(i + 1, y0, 0), P(i + 1, y0, 1), P(i, y0, 1)});  // -y
    faces.push_back({P(i, y1, 0), P(i, y1, 1), P(i + 1, y1, 1), P(i + 1, y1, 0)});  // +y
    std::vector<Label> bottom{P(i, y0, 0)};                                        // -z
    if (splitLeft) bottom.push_back(P(i, ym, 0));
    bottom.push_back(P(i, y1, 0));
    bottom.push_back(P(i + 1, y1, 0));
    if (splitRight) bottom.push_back(P(i + 1, ym, 0));
    bottom.push_back(P(i + 1, y0, 0));
    std::vector<Label> top{P(i, y0, 1), P(i + 1, y0, 1)};  // +z
    if (splitRight) top.push_back(P(i + 1, ym, 1));
    top.push_back(P(i + 1, y1, 1));
    top.push_back(P(i, y1, 1));
    if (splitLeft) top.push_back(P(i, ym, 1));
    faces.push_back(bottom);
    faces.push_back(top);
    cells.push_back(faces);
  };
  for (int i = 0; i < nx; ++i)
    for (int j = 0; j < (fine(i) ? 2 * ny : ny); ++j) {
      if (fine(i)) cell(i, j, j + 1, false, false);
      else cell(i, 2 * j, 2 * j + 2, fine(i - 1), fine(i + 1));
    }
  return boxSidesMesh(points, cells, lx, ly);
}

}  // namespace sluice::test
