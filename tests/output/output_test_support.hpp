#pragma once
// Test helpers for the output module:
//  - VtuData / readVtu: the arrays of a .vtu written with raw appended data
//    (parsed independently of the writer: XML attributes by text search, then
//    the UInt64-headed blocks at their offsets);
//  - checkVtk: runs scripts/check_vtk.py;
//  - meshFromCells: a PolyMesh from cells given as outward-oriented faces, and
//    prismBox: a box of triangular prisms (two per hexahedron), a mesh of
//    polyhedra for the VTK_POLYHEDRON path and for point location;
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
};

struct VtuData {
  long long nPoints = 0, nCells = 0;
  std::map<std::string, VtuArray> arrays;
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

}  // namespace sluice::test
