#include "sluice/mesh/polymesh_io.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <limits>
#include <string_view>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/io/foam_list_reader.hpp"
#include "sluice/mesh/polymesh_files.hpp"

namespace sluice::mesh {

namespace fs = std::filesystem;

namespace {

// --------------------------------------------------------------------- writing

void writeHeader(fmt::memory_buffer& out, const char* className, const std::string& location, const char* object,
                 const std::string& note = {}) {
  fmt::format_to(std::back_inserter(out),
                 "/*--------------------------------*- C++ -*----------------------------------*\\\n"
                 "  Written by sluice\n"
                 "\\*---------------------------------------------------------------------------*/\n"
                 "FoamFile\n{{\n"
                 "    version     2.0;\n"
                 "    format      ascii;\n"
                 "    class       {};\n",
                 className);
  if (!note.empty()) fmt::format_to(std::back_inserter(out), "    note        \"{}\";\n", note);
  fmt::format_to(std::back_inserter(out),
                 "    location    \"{}\";\n"
                 "    object      {};\n"
                 "}}\n"
                 "// * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * //\n\n",
                 location, object);
}

void writeFooter(fmt::memory_buffer& out) {
  fmt::format_to(std::back_inserter(out),
                 "\n// ************************************************************************* //\n");
}

void writeFile(const fs::path& path, const std::string& displayName, const fmt::memory_buffer& data) {
  std::ofstream os(path, std::ios::binary | std::ios::trunc);
  if (!os) throw InputError(displayName + ": cannot write file");
  os.write(data.data(), static_cast<std::streamsize>(data.size()));
  os.close();
  if (!os) throw InputError(displayName + ": write error");
}

void writeLabelList(fmt::memory_buffer& out, const std::vector<Label>& list) {
  fmt::format_to(std::back_inserter(out), "{}\n(\n", list.size());
  for (Label v : list) fmt::format_to(std::back_inserter(out), "{}\n", v);
  fmt::format_to(std::back_inserter(out), ")\n");
}

}  // namespace

PolyMesh readPolyMesh(const fs::path& polyMeshDir) {
  const std::string dirName = polyMeshDisplayName(polyMeshDir);

  std::vector<Vec3> points;
  {
    const PolyMeshFile f = openPolyMeshFile(polyMeshDir, dirName, "points");
    auto in = f.reader();
    points = in.readVectorList();
    in.expectEnd();
  }
  FaceList faces;
  {
    const PolyMeshFile f = openPolyMeshFile(polyMeshDir, dirName, "faces");
    auto in = f.reader();
    io::CompactLabelLists lists =
        f.header.isCompactFaceList(f.name) ? in.readCompactLabelListList() : in.readLabelListList();
    in.expectEnd();
    faces = FaceList(std::move(lists.offsets), std::move(lists.values));
  }
  std::vector<Label> owner;
  {
    const PolyMeshFile f = openPolyMeshFile(polyMeshDir, dirName, "owner");
    auto in = f.reader();
    owner = in.readLabelList();
    in.expectEnd();
  }
  std::vector<Label> neighbour;
  {
    const PolyMeshFile f = openPolyMeshFile(polyMeshDir, dirName, "neighbour");
    auto in = f.reader();
    neighbour = in.readLabelList();
    in.expectEnd();
    // Old OpenFOAM versions padded neighbour to nFaces with -1.
    while (!neighbour.empty() && neighbour.back() == -1) neighbour.pop_back();
  }
  std::vector<Patch> patches;
  {
    const PolyMeshFile f = openPolyMeshFile(polyMeshDir, dirName, "boundary");
    patches = readBoundaryPatches(f.text(), f.header, f.name);
  }

  return PolyMesh(std::move(points), std::move(faces), std::move(owner), std::move(neighbour), std::move(patches),
                  dirName);
}

void writePolyMesh(const PolyMesh& mesh, const fs::path& polyMeshDir) {
  const std::string dirName = polyMeshDisplayName(polyMeshDir);
  std::error_code ec;
  fs::create_directories(polyMeshDir, ec);
  if (ec) throw InputError(fmt::format("{}: cannot create directory: {}", dirName, ec.message()));
  // Files of an earlier mesh that OpenFOAM would read alongside the new one.
  for (const char* stale : {"points.gz", "faces.gz", "owner.gz", "neighbour.gz", "boundary.gz", "cellZones",
                            "faceZones", "pointZones", "cellZones.gz", "faceZones.gz", "pointZones.gz"})
    fs::remove(polyMeshDir / stale, ec);

  auto path = [&](const char* object) { return polyMeshDir / object; };
  auto name = [&](const char* object) { return dirName + "/" + object; };

  {
    fmt::memory_buffer out;
    writeHeader(out, "vectorField", dirName, "points");
    fmt::format_to(std::back_inserter(out), "{}\n(\n", mesh.points().size());
    for (const Vec3& p : mesh.points()) fmt::format_to(std::back_inserter(out), "({} {} {})\n", p.x, p.y, p.z);
    fmt::format_to(std::back_inserter(out), ")\n");
    writeFooter(out);
    writeFile(path("points"), name("points"), out);
  }
  {
    fmt::memory_buffer out;
    writeHeader(out, "faceList", dirName, "faces");
    const FaceList& faces = mesh.faces();
    fmt::format_to(std::back_inserter(out), "{}\n(\n", faces.size());
    for (Label f = 0; f < faces.size(); ++f) {
      const auto face = faces[f];
      fmt::format_to(std::back_inserter(out), "{}({})\n", face.size(), fmt::join(face, " "));
    }
    fmt::format_to(std::back_inserter(out), ")\n");
    writeFooter(out);
    writeFile(path("faces"), name("faces"), out);
  }
  const std::string note = fmt::format("nPoints:{}  nCells:{}  nFaces:{}  nInternalFaces:{}", mesh.nPoints(),
                                       mesh.nCells(), mesh.nFaces(), mesh.nInternalFaces());
  {
    fmt::memory_buffer out;
    writeHeader(out, "labelList", dirName, "owner", note);
    writeLabelList(out, mesh.owner());
    writeFooter(out);
    writeFile(path("owner"), name("owner"), out);
  }
  {
    fmt::memory_buffer out;
    writeHeader(out, "labelList", dirName, "neighbour", note);
    writeLabelList(out, mesh.neighbour());
    writeFooter(out);
    writeFile(path("neighbour"), name("neighbour"), out);
  }
  {
    fmt::memory_buffer out;
    writeHeader(out, "polyBoundaryMesh", dirName, "boundary");
    auto it = std::back_inserter(out);
    fmt::format_to(it, "{}\n(\n", mesh.patches().size());
    for (const Patch& p : mesh.patches()) {
      fmt::format_to(it, "    {}\n    {{\n        type            {};\n", p.name, p.type);
      if (!p.inGroups.empty())
        fmt::format_to(it, "        inGroups        {}({});\n", p.inGroups.size(), fmt::join(p.inGroups, " "));
      fmt::format_to(it, "        nFaces          {};\n        startFace       {};\n", p.size, p.start);
      if (!p.neighbourPatch.empty()) fmt::format_to(it, "        neighbourPatch  {};\n", p.neighbourPatch);
      if (p.type == "processor" && p.neighbourRank >= 0)
        fmt::format_to(it, "        neighbProcNo    {};\n", p.neighbourRank);
      fmt::format_to(it, "    }}\n");
    }
    fmt::format_to(it, ")\n");
    writeFooter(out);
    writeFile(path("boundary"), name("boundary"), out);
  }
}

}  // namespace sluice::mesh
